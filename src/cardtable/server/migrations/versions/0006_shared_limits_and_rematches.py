"""What every server process must agree on, kept in the database rather than one process's
memory: the flood limits' token buckets (per client address and limit), and which finished
table led to which rematch.

Revision ID: 0006
Revises: 0004

(The chat's migration 0005 was written beside this one on another branch: where both are
present, this one revises 0005.)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_limits",
        sa.Column("bucket", sa.String(16), primary_key=True),
        sa.Column("client", sa.String(32), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("rematch_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
    op.drop_table("rate_limits")
