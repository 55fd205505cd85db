"""The site's markup reader (``conquian_site.markup``), which the extension, the test collector and the site's tests
share: where blocks start and end, their options, nesting, literal code, and hostile pages."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from conquian_site.markup import blocks, split_variant  # noqa: E402

PAGE = """# A ruling

```{ruling} pack
:keywords: pack, forty cards
```

::::{verdict} The sources differ in play.
Some words.

```{compare}
:position: fives
:ask: use [5♥ 5♦]

source | may
foster-1913 | yes
```
::::

````markdown
```{position}
:name: not-a-block
```
````

:::{source-tab} foster-1913
```{python}
>>> 1 + 1
2
```
:::
"""


def test_blocks_are_found_in_page_order_with_lines_and_options():
    found = blocks(PAGE)
    assert [(b.name, b.line) for b in found] == [("ruling", 3), ("verdict", 7), ("compare", 10), ("", 19),
                                                  ("source-tab", 25), ("python", 26)]
    ruling, verdict, compare = found[:3]
    assert ruling.argument == "pack" and ruling.options == {"keywords": "pack, forty cards"} and ruling.body == ""
    assert verdict.argument == "The sources differ in play." and verdict.fence == "::::"
    assert compare.options == {"position": "fives", "ask": "use [5♥ 5♦]"}
    assert compare.body_lines == ["source | may", "foster-1913 | yes"] and compare.body_line == 14
    assert PAGE[compare.start:compare.end].startswith("```{compare}") and PAGE[compare.start:compare.end].endswith("```")
    assert PAGE[compare.body_start:].startswith("source | may")


def test_literal_code_is_never_read_for_blocks():
    assert blocks(PAGE, "position") == []
    assert [b.argument for b in blocks(PAGE) if not b.name] == ["markdown"]


def test_children_are_the_blocks_directly_inside():
    verdict = blocks(PAGE, "verdict")[0]
    assert [b.name for b in verdict.children()] == ["compare"]
    tab = blocks(PAGE, "source-tab")[0]
    assert [(b.name, b.body) for b in tab.children()] == [("python", ">>> 1 + 1\n2")]
    assert blocks(PAGE, nested=False)[1].name == "verdict" and len(blocks(PAGE, nested=False)) == 4


def test_a_closing_fence_must_be_as_long_and_of_the_same_character():
    text = "````{note}\n```{position}\nvariant: foster-1913\n```\n:::\n````\nafter\n"
    note, position = blocks(text)
    assert note.body_lines == ["```{position}", "variant: foster-1913", "```", ":::"] and note.closed
    assert position.body == "variant: foster-1913"


def test_an_unclosed_block_runs_to_the_end_of_the_page_and_says_so():
    (block,) = blocks("```{position}\nvariant: foster-1913\npone hand: A♠")
    assert not block.closed and block.body_lines == ["variant: foster-1913", "pone hand: A♠"]


def test_a_fence_indented_four_spaces_is_not_a_fence():
    assert blocks("    ```{position}\n    variant: x\n    ```\n") == []


def test_hostile_pages_are_read_line_by_line():
    # a backtracking reader takes minutes on these; this one reads each line a bounded number of times
    assert [(b.fence, b.closed) for b in blocks("`" * 1_000_000)] == [("`" * 1_000_000, False)]
    nested = blocks("```{a}\n" * 50_000)
    assert len(nested) == 50_000 and not any(b.closed for b in nested)
    colons = blocks((":::{x}\n:k: v\n") * 40_000)
    assert len(colons) == 40_000 and all(b.options == {"k": "v"} for b in colons)
    (compare,) = blocks("```{compare}\n" + ":" * 1_000_000)
    assert compare.options == {} and len(compare.body) == 1_000_000


@pytest.mark.parametrize("body, variant, rest", [
    ("variant: foster-1913\npone hand: A♠", "foster-1913", "pone hand: A♠"),
    ("pone hand: A♠\n  Variant :  rummy-ch(pack=spanish)", "rummy-ch(pack=spanish)", "pone hand: A♠"),
    ("pone hand: A♠", None, "pone hand: A♠"),
])
def test_a_position_body_gives_its_variant_line_apart(body, variant, rest):
    assert split_variant(body) == (variant, rest)
