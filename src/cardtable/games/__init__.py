"""The games. Each subpackage registers itself when imported."""
