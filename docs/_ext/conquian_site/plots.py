"""The statistics pages' plots: dot-and-whisker rows drawn as inline SVG, with a title and a description for screen
readers, scaled to the column (a phone's included)."""

from __future__ import annotations

from html import escape

from docutils import nodes

__all__ = ["interval_plot"]


def interval_plot(ident: str, title: str, desc: str, rows: list[tuple[str, float, float, float]], lo: float, hi: float,
                  zero: "float | None" = None, unit: str = "%") -> nodes.raw:
    """Dot-and-whisker rows (label, value, low, high): each label on its own line above its whisker, so that the plot
    keeps the whole width of a phone's screen and its text stays readable."""
    width, left, right, line = 360, 12, 16, 40
    height = 24 + line * len(rows)
    span = max(hi - lo, 1e-9)

    def x(v: float) -> float:
        return left + (width - left - right) * (min(max(v, lo), hi) - lo) / span

    def tick_text(v: float) -> str:
        return f"{v:+.0f}{unit}" if zero is not None else f"{v:.0f}{unit}"

    parts = [f'<svg class="cq-plot" viewBox="0 0 {width} {height}" role="img" aria-labelledby="{ident}-t {ident}-d" '
             f'xmlns="http://www.w3.org/2000/svg"><title id="{ident}-t">{escape(title)}</title>'
             f'<desc id="{ident}-d">{escape(desc)}</desc>']
    for tick, anchor in ((lo, "start"), ((lo + hi) / 2, "middle"), (hi, "end")):
        parts.append(f'<line x1="{x(tick):.1f}" y1="16" x2="{x(tick):.1f}" y2="{height - 4}" class="cq-plot-grid"/>'
                     f'<text x="{x(tick):.1f}" y="12" class="cq-plot-tick" text-anchor="{anchor}">'
                     f'{tick_text(tick)}</text>')
    if zero is not None:
        parts.append(f'<line x1="{x(zero):.1f}" y1="16" x2="{x(zero):.1f}" y2="{height - 4}" class="cq-plot-zero"/>')
    for i, (label, v, a, b) in enumerate(rows):
        y = 24 + line * i
        parts.append(f'<text x="{left}" y="{y + 12}" class="cq-plot-label">{escape(label)}</text>'
                     f'<line x1="{x(a):.1f}" y1="{y + 26}" x2="{x(b):.1f}" y2="{y + 26}" class="cq-plot-whisker"/>'
                     f'<circle cx="{x(v):.1f}" cy="{y + 26}" r="5" class="cq-plot-dot"/>')
    parts.append("</svg>")
    return nodes.raw("", "".join(parts), format="html")
