"""The API's documentation page works offline: Swagger UI comes from the server itself."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_docs_load_swagger_ui_from_the_server_not_a_cdn(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r"""(?:src|href)=['"]([^'"]+)['"]""", page.text)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert "cdn" not in page.text and "://" not in page.text.replace("'/openapi.json'", "")
    for path in sources:
        response = client.get(path)
        assert response.status_code == 200 and len(response.content) > 1_000, path
    scripts = [s for s in sources if s.endswith(".js")]
    assert scripts and "SwaggerUIBundle" in client.get(scripts[0]).text
