"""Holding each answer of the API against the response model its route documents: the
answer's keys are the model's fields, nothing more and nothing less, in the model's order,
in every object it nests; and the model, which forbids fields it does not name, takes it."""

from __future__ import annotations

from types import NoneType, UnionType
from typing import Annotated, Any, Union, get_args, get_origin

import httpx2 as httpx
from fastapi import FastAPI
from fastapi.routing import APIRoute
from pydantic import BaseModel, TypeAdapter, ValidationError
from starlette.routing import Match


def mismatches(value: Any, shape: Any, where: str, partial: bool = False) -> list[str]:
    """Where the JSON ``value`` differs in its keys from ``shape``, a type of a response
    model (``partial``: a field with a default may be left out, as the route leaves out
    those unset)."""
    origin = get_origin(shape)
    if origin is Annotated:
        return mismatches(value, get_args(shape)[0], where, partial)
    if origin is Union or origin is UnionType:
        return _one_of(value, get_args(shape), where, partial)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        (item,) = get_args(shape)
        return [
            p for i, v in enumerate(value) for p in mismatches(v, item, f"{where}[{i}]", partial)
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not an object"]
        item = get_args(shape)[1]
        return [p for k, v in value.items() for p in mismatches(v, item, f"{where}.{k}", partial)]
    if isinstance(shape, type) and issubclass(shape, BaseModel):
        return _model(value, shape, where, partial)
    return []


def _one_of(value: Any, shapes: tuple[Any, ...], where: str, partial: bool) -> list[str]:
    if value is None:
        return [] if NoneType in shapes else [f"{where}: null"]
    found = [mismatches(value, shape, where, partial) for shape in shapes if shape is not NoneType]
    return [] if any(not problems for problems in found) else min(found, key=len)


def _model(value: Any, model: type[BaseModel], where: str, partial: bool) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: not an object ({model.__name__})"]
    fields = {field.alias or name: field for name, field in model.model_fields.items()}
    required = {n for n, f in fields.items() if f.is_required() or not partial}
    problems = [
        f"{where}.{key}: not a field of {model.__name__}" for key in value if key not in fields
    ]
    problems += [
        f"{where}.{name}: missing ({model.__name__})"
        for name in fields
        if name in required - set(value)
    ]
    if not problems and list(value) != [name for name in fields if name in value]:
        problems.append(f"{where}: keys {list(value)} not in {model.__name__}'s order")
    for name in fields:
        if name in value:
            problems += mismatches(value[name], fields[name].annotation, f"{where}.{name}", partial)
    return problems


class AnswerShapes:
    """An httpx response hook: each successful JSON answer of a route with a response
    model, held against it; the routes answered, and what was wrong."""

    def __init__(self, app: FastAPI) -> None:
        # every route of the app (server/api/routes.py): its own list holds included routers
        routes = app.state.routes
        self.routes = [r for r in routes if isinstance(r, APIRoute) and r.response_model]
        self.answered: set[tuple[str, str]] = set()
        self.problems: list[str] = []

    def documented(self) -> set[tuple[str, str]]:
        """Every operation the API documents with a response model: method and path."""
        return {
            (method, route.path)
            for route in self.routes
            if route.include_in_schema
            for method in route.methods
        }

    def _route(self, request: httpx.Request) -> APIRoute | None:
        scope = {
            "type": "http",
            "path": request.url.path,
            "root_path": "",
            "method": request.method,
        }
        return next((r for r in self.routes if r.matches(scope)[0] is Match.FULL), None)

    def __call__(self, response: httpx.Response) -> None:
        route = self._route(response.request)
        if route is None or not response.is_success:
            return
        response.read()
        answer = response.json()
        operation = f"{response.request.method} {route.path}"
        self.answered.add((response.request.method, route.path))
        partial = route.response_model_exclude_unset
        found = mismatches(answer, route.response_model, "answer", partial)
        self.problems += [f"{operation}: {problem}" for problem in found]
        try:
            TypeAdapter(route.response_model).validate_python(answer)
        except ValidationError as error:
            self.problems.append(f"{operation}: {error}")
