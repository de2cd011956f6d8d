"""The API's documentation as a page of the site, drawn from the application's own OpenAPI
schema (``app.openapi()``): each path with its method, parameters, body and responses, and
every schema they name with its fields. It is a plain page, with the site's header, its
stylesheet and its Content-Security-Policy, and nothing loaded from anywhere else, so it
reads the same with no network. The schema itself is at ``/api/openapi.json``."""

from __future__ import annotations

import json
import re

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup, escape

from .layout import page

router = APIRouter(include_in_schema=False)

_REF = "#/components/schemas/"


@router.get("/api/docs", response_class=HTMLResponse)
async def api_docs(request: Request) -> HTMLResponse:
    schema = request.app.openapi()
    return page("api.html.j2", nav="api", info=schema.get("info", {}), groups=operations(schema),
                schemas=schemas(schema), openapi_url=request.app.openapi_url or "", described=described)


def operations(schema: dict) -> list[tuple[str, list[dict]]]:
    """The operations by their first tag, in the schema's order: each with its anchor,
    method, path, summary, description, parameters, body and responses."""
    groups: dict[str, list[dict]] = {}
    for path, methods in schema.get("paths", {}).items():
        for method, op in methods.items():
            if not isinstance(op, dict):
                continue
            body = op.get("requestBody", {}).get("content", {})
            groups.setdefault((op.get("tags") or ["other"])[0], []).append({
                "anchor": anchor(f"{method}-{path}"), "method": method.upper(), "path": path,
                "summary": op.get("summary", ""), "description": op.get("description", ""),
                "parameters": [{"name": p.get("name", ""), "in": p.get("in", ""), "required": p.get("required", False),
                                "type": type_of(p.get("schema", {})),
                                "description": p.get("description") or p.get("schema", {}).get("description", "")}
                               for p in op.get("parameters", [])],
                "body": [(kind, type_of(c.get("schema", {}))) for kind, c in body.items()],
                "responses": [{"status": status, "description": r.get("description", ""),
                               "types": [(kind, type_of(c.get("schema", {})))
                                         for kind, c in r.get("content", {}).items()]}
                              for status, r in op.get("responses", {}).items()],
            })
    return list(groups.items())


def schemas(schema: dict) -> list[dict]:
    """Every named schema: its description and fields (name, type, whether required, what
    it is, its default)."""
    out = []
    for name, s in schema.get("components", {}).get("schemas", {}).items():
        out.append({"name": name, "anchor": anchor("schema-" + name), "description": s.get("description", ""),
                    "type": type_of({k: v for k, v in s.items() if k != "properties"}) if "properties" not in s else "",
                    "fields": fields(s)})
    return out


def fields(s: dict) -> list[dict]:
    required = set(s.get("required", ()))
    return [{"name": name, "type": type_of(f), "required": name in required,
             "description": f.get("description", ""),
             "default": json.dumps(f["default"]) if "default" in f else ""}
            for name, f in s.get("properties", {}).items()]


def type_of(s: dict) -> Markup:
    """A schema in a few words: ``string``, ``list of integer``, a named schema as a link
    to it, ``string or null``, ``one of "a", "b"`` (values as JSON writes them); an object
    given in place, by its fields."""
    if not isinstance(s, dict) or not s:
        return Markup("any JSON")
    if "$ref" in s:
        name = str(s["$ref"]).removeprefix(_REF)
        return Markup('<a href="#{}">{}</a>').format(anchor("schema-" + name), name)
    for key, joiner in (("anyOf", " or "), ("oneOf", " or "), ("allOf", " and ")):
        if key in s:
            return Markup(joiner).join(type_of(part) for part in s[key])
    if "enum" in s:
        return Markup("one of ") + Markup(", ").join(Markup("<code>{}</code>").format(json.dumps(v)) for v in s["enum"])
    if "const" in s:
        return Markup("<code>{}</code>").format(json.dumps(s["const"]))
    kind = s.get("type")
    if isinstance(kind, list):
        return Markup(" or ").join(type_of({**s, "type": k}) for k in kind)
    if kind == "array":
        return Markup("list of ") + type_of(s.get("items", {}))
    if kind == "object" and s.get("properties"):
        required = set(s.get("required", ()))
        return Markup("object {") + Markup(", ").join(
            Markup("<code>{}</code>{}: ").format(n, "" if n in required else "?") + type_of(f)
            for n, f in s["properties"].items()) + Markup("}")
    if kind == "object" and isinstance(s.get("additionalProperties"), dict):
        return Markup("object of ") + type_of(s["additionalProperties"])
    words = str(escape(kind or "any JSON"))
    limits = [f"{label} {s[key]}" for key, label in (("minimum", "from"), ("maximum", "to"),
                                                       ("minLength", "at least"), ("maxLength", "at most"))
              if key in s]
    if limits:
        words += " (" + ", ".join(limits) + (" characters" if "minLength" in s or "maxLength" in s else "") + ")"
    return Markup(words)


def anchor(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")


def described(text: str) -> Markup:
    """A docstring's text as a paragraph: ``code`` in code type, the rest escaped."""
    html = str(escape(" ".join(text.split())))
    return Markup(re.sub(r"``?([^`]+)``?", r"<code>\1</code>", html))


__all__ = ["router", "operations", "schemas", "type_of"]
