"""A contract type of our own for ``lint-imports`` (import-linter): no package imports another's private
names. A name that starts with an underscore (``_lock_hand``) is its module's own business: a module of
another package that needs it gets a public name for it first.

The imports are read from import-linter's graph (each import's line as written), so this runs with the
other contracts, over the same modules, in ``.ci/run``. Loaded by ``lint-imports`` only (import-linter is a
test dependency), never by the application.
"""

from __future__ import annotations

import re

import grimp
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck

FROM_IMPORT = re.compile(r"^\s*from\s+[\w.]+\s+import\s+\(?(?P<names>[^)#]*)")


def _package(module: str, depth: int) -> str:
    return ".".join(module.split(".")[:depth])


def _private_names(line: str) -> list[str]:
    match = FROM_IMPORT.match(line)
    if match is None:
        return []
    names = [part.strip().split(" as ")[0].strip() for part in match["names"].split(",")]
    return [name for name in names if name.startswith("_") and not name.startswith("__")]


class PrivateNamesContract(Contract):
    """``packages``: the packages (e.g. ``tournaments.results``) whose modules may share private names
    among themselves but not with any other package; an importer outside all of them is checked too."""

    type_name = "private_names"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        homes = sorted((str(p) for p in self.packages), key=len, reverse=True)  # type: ignore[attr-defined]

        def home(module: str) -> str:
            return next((p for p in homes if module == p or module.startswith(p + ".")), module)

        broken = []
        for importer in sorted(graph.modules):
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                if home(importer) == home(imported):
                    continue
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    for name in _private_names(detail["line_contents"]):
                        broken.append(
                            {
                                "importer": importer,
                                "imported": imported,
                                "name": name,
                                "line": detail["line_number"],
                            }
                        )
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print_error("A private name imported from another package:", bold=False)
        output.new_line()
        for b in check.metadata["broken"]:
            output.print_error(
                f"- {b['importer']} (l.{b['line']}) imports {b['name']} from {b['imported']}", bold=False
            )
            output.new_line()


class GameKitsContract(Contract):
    """The game kits, found in the graph rather than listed: a kit is a package ``<engine>.<name>`` with
    modules of its own, but ``core``. A kit imports only ``core`` (and itself), never the registry or
    another kit; ``core`` imports no kit and not the registry; no module of ``readers`` (the domain, the
    API, the settings) imports a kit, but the pairs ``ignore`` names ("importer -> imported")."""

    type_name = "game_kits"

    engine = fields.StringField()
    registry = fields.StringField()
    readers = fields.ListField(subfield=fields.StringField())
    ignore = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        engine, registry = str(self.engine), str(self.registry)  # type: ignore[attr-defined]
        core = f"{engine}.core"
        readers = [str(r) for r in self.readers]  # type: ignore[attr-defined]
        ignored = {tuple(part.strip() for part in str(pair).split("->")) for pair in (self.ignore or [])}  # type: ignore[attr-defined]
        kits = {
            _package(m, 2)
            for m in graph.modules
            if m.count(".") >= 2 and m.startswith(engine + ".") and _package(m, 2) != core
        }

        def kit_of(module: str) -> str | None:
            home = _package(module, 2)
            return home if home in kits else None

        def within(module: str, package: str) -> bool:
            return module == package or module.startswith(package + ".")

        broken = []
        for importer in sorted(graph.modules):
            mine = kit_of(importer)
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                theirs = kit_of(imported)
                why = None
                if mine is not None and (within(imported, registry) or theirs not in (None, mine)):
                    why = "a kit imports only engine.core and itself"
                elif within(importer, core) and (theirs is not None or within(imported, registry)):
                    why = "engine.core imports no kit and not the registry"
                elif (
                    theirs is not None
                    and any(within(importer, r) for r in readers)
                    and (importer, imported) not in ignored
                ):
                    why = "the domain, the API and the settings ask the registry, not a kit"
                if why:
                    broken.append({"importer": importer, "imported": imported, "why": why})
        return ContractCheck(kept=not broken, metadata={"broken": broken, "kits": sorted(kits)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print_error(f"Game kits found: {', '.join(check.metadata['kits'])}", bold=False)
        output.new_line()
        for b in check.metadata["broken"]:
            output.print_error(f"- {b['importer']} imports {b['imported']}: {b['why']}", bold=False)
            output.new_line()
