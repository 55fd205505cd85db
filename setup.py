"""The build: the pure-Python package, the declarations inside it, Conquian's native kernel and Rommé's compiled
first-meld walk (both optional).

Everything else is in pyproject.toml.  The kernel (native/kernel.c and the parts it includes) and the walk
(native/romme_walk.c) are compiled with the system's C compiler; both are optional: without a compiler the install
goes on, simulations use the Python engine (the CLI says so) and Rommé's listing the walk in Python.  The kernel's
flags come from the Python axes: the build writes them as a header (kernel_axes.h, in the build folder, never
committed) with conquian.games.conquian.kernel.header().
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py


class BuildWithDeclarations(build_py):
    """The declarations live at the top level (one file per source) and ship inside the package."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "conquian" / "variants"
        target.mkdir(parents=True, exist_ok=True)
        for f in sorted(Path("variants").glob("*.toml")):
            shutil.copy2(f, target / f.name)


class BuildKernelForThisMachine(build_ext):
    """The kernel is compiled where it runs, so it may use this processor's instructions (population count, bit
    scans): about 10 % more deals a second.  CONQUIAN_PORTABLE=1 builds for any processor of the family (for a build
    that is copied to other machines); a compiler that refuses the flag gets none."""

    def build_extensions(self):
        if os.environ.get("CONQUIAN_PORTABLE", "0") != "1" and self._accepts("-march=native"):
            for ext in self.extensions:
                ext.extra_compile_args.append("-march=native")
        try:
            header = self._kernel_axes()
        except subprocess.CalledProcessError as error:  # optional as a compile error is: the Python engine plays
            last = (error.stderr or "").strip().splitlines()[-1:] or ["no message"]
            print(f"warning: the kernel's flags could not be read from the axes ({last[0]}); the native kernel is "
                  f"not built", file=sys.stderr)
            self.extensions = [ext for ext in self.extensions if ext.name != KERNEL]
        else:
            for ext in self.extensions:
                if ext.name == KERNEL:
                    ext.include_dirs.append(str(header.parent))
                    ext.depends.append(str(header))
        super().build_extensions()

    def _kernel_axes(self) -> Path:
        """The kernel's flags, written from the axes of this source tree (kernel.header()) into the build folder;
        rewritten only when they change, so that an unchanged tree is not compiled again.  A child Python reads
        them, the compiled kernel kept out of it (it may be the very file this build replaces)."""
        code = ("import sys; sys.modules['conquian.games.conquian._kernel'] = None; "
                "from conquian.games.conquian.kernel import header; sys.stdout.write(header())")
        root = Path(__file__).resolve().parent
        env = {**os.environ, "PYTHONPATH": str(root)}
        text = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                              check=True).stdout
        path = Path(self.build_temp).resolve() / "generated" / "kernel_axes.h"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        return path

    def _accepts(self, flag: str) -> bool:
        if self.compiler.compiler_type != "unix":
            return False
        with tempfile.TemporaryDirectory() as tmp:
            probe = Path(tmp) / "probe.c"
            probe.write_text("int main(void) { return 0; }\n")
            try:
                self.compiler.compile([str(probe)], output_dir=tmp, extra_postargs=[flag])
            except Exception:  # any refusal (CompileError, a missing compiler): build without the flag
                return False
        return True


KERNEL = "conquian.games.conquian._kernel"

setup(
    cmdclass={"build_py": BuildWithDeclarations, "build_ext": BuildKernelForThisMachine},
    ext_modules=[Extension(KERNEL, ["native/kernel.c"], optional=True,
                           depends=sorted(str(p) for p in Path("native").glob("*.h")),
                           extra_compile_args=["-std=c11", "-Wall", "-Wextra"]),
                 # Rommé's first-meld walk (conquian/games/romme/walk.py), compiled; optional in the same way.
                 Extension("conquian.games.romme._walk", ["native/romme_walk.c"], optional=True,
                           extra_compile_args=["-std=c11", "-Wall", "-Wextra"])],
)
