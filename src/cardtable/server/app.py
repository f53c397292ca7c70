"""The FastAPI application: lobby over HTTP, play over one WebSocket per connection.

HTTP (documented at ``/docs``, schema at ``/openapi.json``): list games, create and list tables,
join a seat (the answer carries a secret seat token), download a finished game's record. The
WebSocket ``/api/tables/{id}/ws?token=…`` pushes that seat's view after every change (with the
subprotocol ``cardtable.v2``: the view once, then only updates, see docs/web.md) and takes
``{"type": "action", "seq": N, "action": id-or-text}``, ``{"type": "sync"}`` (resend my view) and
``{"type": "hint"}`` (the search's estimate of each of my choices, at a table where one person
plays against bots); without a token it is a spectator's. When someone asks for a rematch of a
finished table, its connections get ``{"type": "rematch", "table": id}``. The table's chat
(``chat_open``, ``chat``, ``reaction``) is answered by :mod:`.chat`.
Every error goes to the client that caused it only, and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import (
    FastAPI,
    HTTPException,
    Query,
    Request,
    Response,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnected

from cardtable.agents import AGENTS
from cardtable.core import CardtableError, list_games
from cardtable.server.chat import TYPES as CHAT_TYPES
from cardtable.server.chat import ChatService
from cardtable.server.cluster import Cluster, PgCluster
from cardtable.server.config import Settings, load_settings
from cardtable.server.guard import BodyGuard
from cardtable.server.health import add_health_routes
from cardtable.server.inputs import BadJson, clean_name, excerpt, loads
from cardtable.server.limits import client_key
from cardtable.server.lobby import Lobby, TooFast
from cardtable.server.outbox import WRITE_NOW, Dropped, Outbox
from cardtable.server.rematch import Rematches
from cardtable.server.replay import build_replay
from cardtable.server.store import Store
from cardtable.server.tables import Connection, LiveTable, TableError, TableService
from cardtable.server.timings import collect_every, tune_gc, tune_switching
from cardtable.server.views import encode

STATIC = Path(__file__).parent / "static"
#: Client messages are flat objects; deeper nesting is refused before parsing.
MAX_MESSAGE_DEPTH = 4
#: The WebSocket subprotocol of the wire format's protocol 2 (docs/web.md, "The wire format").
PROTOCOL_2 = "cardtable.v2"
#: The close code of a WebSocket opened on a process that does not own its table, after a
#: ``{"type": "moved", "url": OWNER}`` message: 4000 + HTTP's 307 (temporary redirect).
MOVED = 4307
log = logging.getLogger(__name__)


#: A person's name at a table: control and bidi characters removed (see :mod:`.inputs`).
Name = Annotated[str, Field(max_length=40), AfterValidator(clean_name)]
SeatKind = Annotated[str, Field(max_length=200)]


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=12)
    seats: list[SeatKind] = Field(
        max_length=12,
        description="per seat: 'human' (open to anyone in the lobby), 'friend' (kept for "
        "whoever has its invite link) or 'bot:SPEC'",
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="option values; where a person plays, the game's human_options fill in "
        "every option not named here",
    )
    name: Name = Field(default="", description="your name at the table")
    seat: int | None = Field(
        default=None, ge=0, le=11, description="the human seat you take (default: the first)"
    )
    turn_seconds: float | None = Field(
        default=None,
        gt=0,
        allow_inf_nan=False,
        le=86_400,
        description="turn timer: a seated person's decision not taken within this many seconds "
        "is taken by a stand-in bot (default: no timer)",
    )


class Rematch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=64, description="your seat token at the finished table")


class JoinTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int | None = Field(default=None, ge=0, le=11)
    name: Name = ""
    invite: str | None = Field(
        default=None, max_length=64, description="the secret of an invite link"
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or load_settings()
    store = Store(settings.database_url, secrets.token_hex(8))
    cluster = (
        PgCluster(store, settings.lease_seconds, settings.public_url)
        if store.shared
        else Cluster(store.node)
    )
    service = TableService(
        store,
        settings.think_time,
        away_seconds=settings.away_seconds,
        standin_bot=settings.standin_bot,
        hint_bot=settings.hint_bot,
        budget=settings.budget(),
        bot_workers=settings.bot_workers,
        cluster=cluster,
    )

    lobby = Lobby(service, settings.flood_limits())
    chat = ChatService(store)

    async def on_notice(table_id: str, kind: str) -> None:
        if kind.startswith("chat"):
            await chat.on_notice(table_id, kind)
        else:
            await service.on_notice(table_id, kind)

    async def catch_up() -> None:
        await service.catch_up()
        await chat.catch_up()

    rematches = Rematches(service, lobby)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.resume_all()
        loop = asyncio.get_running_loop()
        sweeper = loop.create_task(lobby.sweep())
        shared = (
            [
                loop.create_task(cluster.listen(on_notice, catch_up)),
                loop.create_task(cluster.heartbeat(service.on_tick)),
            ]
            if isinstance(cluster, PgCluster)
            else []
        )
        if isinstance(cluster, PgCluster):  # serve once every other process's change is heard
            await asyncio.wait_for(cluster.ready.wait(), 30)
        warming = loop.create_task(service.pool.warm()) if settings.warm_bot_workers else None
        service.timings.watch_gc()
        lag = loop.create_task(service.timings.watch_loop())
        # Last: what start-up built lives as long as the process (see tune_gc).
        untune_gc = tune_gc(settings.gc_young_threshold, settings.gc_every_seconds)
        unswitch = tune_switching(settings.switch_interval_seconds)
        collector = (
            loop.create_task(
                collect_every(
                    settings.gc_every_seconds, service.shed, settings.gc_full_every_seconds
                )
            )
            if settings.gc_every_seconds > 0
            else None
        )
        yield
        if collector is not None:
            collector.cancel()
        untune_gc()
        unswitch()
        lag.cancel()
        service.timings.unwatch_gc()
        sweeper.cancel()
        for task in shared:
            task.cancel()
        await asyncio.gather(*shared, return_exceptions=True)
        if warming is not None:
            await asyncio.gather(warming, return_exceptions=True)
        await service.close()
        if isinstance(cluster, PgCluster):
            cluster.release_all()  # others take its tables over at once

    # FastAPIOffline: /docs and /redoc load Swagger UI and ReDoc from files shipped in the
    # package, not from a CDN, so they work offline and leak no visit to a third party.
    app = FastAPIOffline(
        title="cardtable", summary="Play five card games together.", lifespan=lifespan
    )
    app.state.service = service
    app.state.lobby = lobby
    app.state.chat = chat
    app.add_middleware(
        BodyGuard, max_bytes=settings.max_body_bytes, max_depth=settings.max_json_depth
    )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """422 naming each problem, quoting at most a short excerpt of what was sent."""
        return JSONResponse({"detail": _short_errors(exc.errors())}, status_code=422)

    def table_or_404(table_id: str) -> LiveTable:
        try:
            return service.get(table_id)
        except TableError as exc:
            raise HTTPException(exc.status, str(exc)) from None

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game with its player counts, options and the bots that can fill seats."""
        return [
            {
                "name": g.name,
                "display_name": g.display_name,
                "summary": g.summary,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "options": [
                    {
                        "name": o.name,
                        "default": o.default,
                        "help": o.help,
                        "choices": list(o.choices),
                        "ruling": o.ruling,
                    }
                    for o in g.options
                ],
                "bots": list(AGENTS),
                "human_options": dict(g.human_options),
            }
            for g in list_games()
        ]

    @app.post("/api/tables", status_code=201, responses=LIMITED)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """A new table; you take its first human seat. Keep the token: it is your seat; send
        each ``invites`` link to the friend its seat is kept for.

        Limited per client address: tables a minute, unfinished tables at once (429), and
        open tables on the server (503). A table nobody opens within the expiry time is
        deleted."""
        client = _client(request)
        try:
            lobby.admit_table(client)
            table, seat, token, invites = service.create(
                body.game,
                body.players,
                body.options,
                body.seats,
                body.name,
                body.seat,
                body.turn_seconds,
                creator=client,
            )
        except TableError as exc:
            raise _http(exc) from None
        service.schedule_bots(table)
        links = [
            {"seat": i, "secret": secret, "url": f"/t/{table.id}?invite={secret}"}
            for i, secret in invites.items()
        ]
        return {"table": table.summary(), "seat": seat, "token": token, "invites": links}

    @app.get("/api/tables")
    async def list_tables(
        response: Response,
        finished: bool = False,
        game: Annotated[str | None, Query(max_length=64)] = None,
        open: bool = False,
        mine: Annotated[str, Query(max_length=2000, description="comma-separated ids")] = "",
        offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
        limit: Annotated[int, Query(ge=1, le=100)] = 20,
    ) -> list[dict[str, Any]]:
        """One page of unfinished tables: those named in ``mine`` (yours) first, then newest
        first; ``game`` and ``open`` (open seats only) filter. The header ``X-Total-Count``
        counts every match. With ``finished=true``: finished tables, newest first."""
        if finished:
            ids = service.store.table_ids(finished=True, limit=limit, offset=offset)
            return [service.get(t).summary() for t in ids]
        own = [t for t in mine.split(",") if t][:50]
        tables, total = lobby.page(own, game, open, offset, limit)
        response.headers["X-Total-Count"] = str(total)
        return [t.summary() for t in tables]

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        table = table_or_404(table_id)
        await service.fresh(table)  # another process's moves, left unapplied here
        return table.summary()

    @app.post("/api/tables/{table_id}/join", responses=LIMITED)
    async def join_table(table_id: str, body: JoinTable, request: Request) -> dict[str, Any]:
        """Take an open seat (the first one unless you name one), or with ``invite`` the seat
        kept for you. Limited per client address (seats a minute, 429)."""
        table = table_or_404(table_id)
        try:
            lobby.admit_join(_client(request))
            seat, token = service.join(table, body.seat, body.name, body.invite)
        except TableError as exc:
            raise _http(exc) from None
        await service.fresh(table)
        await service.broadcast(table)
        return {"table": table.summary(), "seat": seat, "token": token}

    @app.get("/api/tables/{table_id}/rematch")
    async def rematch_of(table_id: str) -> dict[str, Any]:
        """The rematch of a finished table (``table``: its id, or null if nobody asked yet)."""
        table_or_404(table_id)
        return {"table": rematches.of(table_id)}

    @app.post("/api/tables/{table_id}/rematch", responses=LIMITED)
    async def rematch(table_id: str, body: Rematch, request: Request) -> dict[str, Any]:
        """Play again: the same game, seats, bots and options at a new table, where you take
        your old seat. The first person to ask creates it (everyone at the old table is told);
        each other person's seat is kept for them until they ask too. Answers like a join."""
        table = table_or_404(table_id)
        try:
            answer = rematches.request(table, body.token, _client(request))
        except TableError as exc:
            raise _http(exc) from None
        notice = {"type": "rematch", "table": answer["table"]["id"]}
        for conn in list(table.connections):
            try:
                await conn.send(notice)
            except Exception:  # a closed socket; the table forgets it on its next broadcast
                continue
        return answer

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        """The game record (it reveals the deal, so only once the game is over)."""
        table = table_or_404(table_id)
        if not table.state.is_terminal():
            raise HTTPException(409, "the record is available once the game is over")
        return table.record().to_json()

    replays: dict[tuple[str, int | None], dict[str, Any]] = {}

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, seat: int | None = None) -> dict[str, Any]:
        """Every step of a finished game as ``seat`` saw it (no seat: as a spectator).

        Each step has the move that led to it (``[seat, text]``, hidden moves as the seat saw
        them), the log lines it added, and the seat's observation without history and log;
        ``chat`` is the table's chat, each message with the ``step`` it was sent at.
        """
        table = table_or_404(table_id)
        if not table.state.is_terminal():
            raise HTTPException(409, "a game can be replayed once it is over")
        if seat is not None and not 0 <= seat < table.row.num_players:
            raise HTTPException(422, f"seat must be 0..{table.row.num_players - 1}, not {seat}")
        key = (table.id, seat)
        if key not in replays:
            if len(replays) > 64:  # finished games never change; keep a few recent ones
                replays.pop(next(iter(replays)))
            replays[key] = await asyncio.to_thread(
                build_replay, table.record(), table.summary(), seat
            )
        return {**replays[key], "chat": chat.messages(table.id)}

    @app.websocket("/api/tables/{table_id}/ws")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        # Protocol 2 (a full view, then updates) for a client that asks for it by WebSocket
        # subprotocol; protocol 1 (the full view every time) for every other client.
        updates = PROTOCOL_2 in websocket.scope.get("subprotocols", [])
        await websocket.accept(subprotocol=PROTOCOL_2 if updates else None)
        try:
            table = service.get(table_id)
            owner = await service.route(table)
            if owner is not None:  # served by the table's owner: the client reconnects there
                await websocket.send_json({"type": "moved", "url": owner})
                await websocket.close(code=MOVED)
                return
            seat = None if token is None else service.seat_of(table, token)
        except TableError as exc:
            await websocket.send_text(encode(_error_message(exc.status, str(exc))))
            await websocket.close(code=4000 + exc.status)
            return

        async def close(code: int, reason: str) -> None:
            await websocket.close(code, reason)

        # Everything this connection is sent goes through its outbox (:mod:`.outbox`): queued
        # without waiting for the socket, written in order by its own task, and the connection
        # dropped (close 4408) if it falls too far behind, so no reader can stall the table.
        outbox = Outbox(
            websocket.send_text,
            close,
            settings.ws_outbox_messages,
            settings.ws_outbox_bytes,
            write_now=websocket.scope.get("extensions", {}).get(WRITE_NOW),
        )
        conn = Connection(seat, outbox.send, updates=updates)
        await service.connected(table, conn)
        try:
            await outbox.serve(_serve(websocket, outbox, table, conn, service, chat, settings))
        except (WebSocketDisconnect, WebSocketDisconnected, Dropped):
            pass  # the client left (perhaps before its answer could be sent), or was dropped
        finally:
            chat.closed(table.id, conn)
            await service.disconnected(table, conn)

    @app.exception_handler(CardtableError)
    async def cardtable_error(_request: Any, exc: CardtableError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=400)

    add_health_routes(app, service)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        # Browsers ask for /favicon.ico whatever the page links; the icon is an SVG.
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    return app


LIMITED: dict[int | str, dict[str, Any]] = {
    429: {"description": "too many requests from your address (see Retry-After)"},
    503: {"description": "the server holds as many open tables as it can"},
}


def _client(request: Request) -> str:
    """The client's key for the flood limits (a hash of its address)."""
    return client_key(request.client.host if request.client else "unknown")


def _http(exc: TableError) -> HTTPException:
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooFast) else None
    return HTTPException(exc.status, str(exc), headers=headers)


def _short_errors(errors: Any) -> list[dict[str, Any]]:
    out = []
    for error in errors:
        item = {"loc": list(error.get("loc", ())), "msg": str(error.get("msg", ""))[:200]}
        item["type"] = error.get("type", "")
        if "input" in error:
            item["input"] = excerpt(error["input"])
        out.append(item)
    return out


async def _serve(
    websocket: WebSocket,
    outbox: Outbox,
    table: LiveTable,
    conn: Connection,
    service: TableService,
    chat: ChatService,
    settings: Settings,
) -> None:
    """Read messages from one connection until it closes; answer each one to it alone, through
    its outbox (so an answer keeps its place after the broadcasts queued before it)."""
    window_start, count = time.monotonic(), 0
    while True:
        frame = await websocket.receive()
        received = time.perf_counter()
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        raw = frame.get("text")
        now = time.monotonic()
        if now - window_start >= 1.0:
            window_start, count = now, 0
        count += 1
        if count > settings.max_messages_per_second:
            await _error(outbox, 429, "too many messages; slow down")
            continue
        if raw is None:  # a binary frame: the protocol is JSON in text frames
            await _error(outbox, 400, "messages are JSON in text frames, not binary")
            continue
        if len(raw.encode()) > settings.max_message_bytes:
            await _error(outbox, 413, "message too large")
            continue
        try:
            await _handle(outbox, table, conn, service, chat, raw, received)
        except (WebSocketDisconnect, WebSocketDisconnected, Dropped):
            raise
        except Exception:  # a bug, not the client's fault: say so and close, never hang up mute
            log.exception("message on table %s failed", table.id)
            await _error(outbox, 500, "the server failed on that message; reconnect")
            outbox.close(1011)
            return


async def _handle(
    outbox: Outbox,
    table: LiveTable,
    conn: Connection,
    service: TableService,
    chat: ChatService,
    raw: str,
    received: float,
) -> None:
    """Answer one message; ``received`` (``time.perf_counter``) is when it was read, for the
    server's own action-to-broadcast histogram."""
    try:
        message = loads(raw, MAX_MESSAGE_DEPTH)
    except BadJson as exc:
        await _error(outbox, 400, f"messages are JSON objects: {exc}")
        return
    if isinstance(message, dict) and message.get("type") in CHAT_TYPES:
        await chat.handle(table, conn, message)
        return
    if not isinstance(message, dict) or message.get("type") not in ("action", "sync", "hint"):
        await _error(
            outbox,
            400,
            'expected {"type": "action", "sync", "hint", "chat_open", "chat" or "reaction", ...}',
        )
        return
    if message["type"] == "sync":
        await service.resync(table, conn)
        return
    if message["type"] == "hint":
        if conn.seat is None:
            await _error(outbox, 403, "spectators get no hints; join a seat first")
            return
        try:
            await outbox.send(await service.hint(table, conn.seat))
        except TableError as exc:
            await _error(outbox, exc.status, str(exc))
        return
    seq, action = message.get("seq"), message.get("action")
    if conn.seat is None:
        await _error(outbox, 403, "spectators cannot act; join a seat first")
        return
    if (
        not isinstance(seq, int)
        or isinstance(seq, bool)
        or not (
            isinstance(action, str) or (isinstance(action, int) and not isinstance(action, bool))
        )
    ):
        await _error(outbox, 400, "an action needs an integer 'seq' and an 'action' id or text")
        return
    if isinstance(action, str) and len(action) > 200:
        await _error(outbox, 400, "action text too long")
        return
    try:
        chosen, new_seq, duplicate = await service.act(table, conn.seat, seq, action)
    except TableError as exc:
        await _error(outbox, exc.status, str(exc))
        return
    except CardtableError as exc:
        await _error(outbox, 400, str(exc))
        return
    ack: dict[str, Any] = {"type": "ack", "seq": new_seq, "action": chosen.text}
    if duplicate:
        ack["duplicate"] = True
    await outbox.send(ack)
    if not duplicate:  # committed and broadcast to every connection of the table by now
        service.timings.action.observe(time.perf_counter() - received)


def _error_message(code: int, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


async def _error(outbox: Outbox, code: int, message: str) -> None:
    await outbox.send(_error_message(code, message))
