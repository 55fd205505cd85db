"""The build: the pure-Python package, the declarations inside it, and Conquian's native kernel (optional).

Everything else is in pyproject.toml.  The kernel (conquian/_kernel.c) is compiled with the system's C compiler; it
is optional: without a compiler the install goes on and simulations use the Python engine (the CLI says so).
"""

import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py


class BuildWithDeclarations(build_py):
    """The declarations live at the top level (one file per source) and ship inside the package."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "conquian" / "variants"
        target.mkdir(parents=True, exist_ok=True)
        for f in sorted(Path("variants").glob("*.toml")):
            shutil.copy2(f, target / f.name)


setup(
    cmdclass={"build_py": BuildWithDeclarations},
    ext_modules=[Extension("conquian._kernel", ["conquian/_kernel.c"], optional=True,
                           depends=sorted(str(p) for p in Path("conquian/_kernel_parts").glob("*.h")),
                           extra_compile_args=["-std=c11", "-Wall", "-Wextra"])],
)
