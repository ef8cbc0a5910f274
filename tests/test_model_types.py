"""issue 38 (s16-models): the generated table of transformers' model types.

`tools/model_types.py` reads AutoConfig's table (CONFIG_MAPPING_NAMES) from the wheel of every
transformers release on PyPI and writes hwdoctor/compat/model_types_table.txt; `make refresh`
adds the releases it has not read. The tool talks to PyPI, so the test does not run it: it
checks that the table is what the tool writes from the table's own rows (a hand edit, or a
row out of order, fails here, and `make refresh` rebuilds what it read from those rows).
"""

from __future__ import annotations

import importlib.util
from types import ModuleType

from hwdoctor.compat import transformers_modules
from tests.conftest import ROOT


def model_types_tool() -> ModuleType:
    """tools/model_types.py, imported from its file (tools/ is no package)."""
    spec = importlib.util.spec_from_file_location("model_types", ROOT / "tools" / "model_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_is_what_the_tool_writes() -> None:
    tool = model_types_tool()
    table = transformers_modules.model_types()
    text = transformers_modules.MODEL_TYPES_FILE.read_text(encoding="utf-8")
    assert tool.render(tool.previous(), set(table.yanked), table.read) == text
    assert table.read and table.releases[0] == "4.0.0"


def test_a_dropped_model_type_is_known_until_the_release_that_dropped_it() -> None:
    """Types 5.0.0 removed (transfo-xl, retribert: deprecated models) keep their first
    release; the table says which release dropped them."""
    table = transformers_modules.model_types()
    assert table.first["transfo-xl"] == ("4.0.0", "5.0.0")
    assert transformers_modules.model_type_too_old("transfo-xl", "4.40.0") is None
