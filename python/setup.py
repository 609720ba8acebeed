"""The package carries the engine jar it runs (``richelieu/jars/richelieu-env.jar``), so an installed
``richelieu`` needs Java and JPype but not this repository.

Built from the repository (``pip install ./python``, ``pip wheel ./python``), the jar is the env
module's ``env/target/richelieu-env.jar``, built with Maven first when it is missing or older than
a source of the modules it holds (engine, strategies, runner, env), as ``./richelieu`` decides for
its jar.
Built from a source distribution, the jar must already be in it.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BUILT = REPO / "env" / "target" / "richelieu-env.jar"
PACKAGED = HERE / "richelieu" / "jars" / "richelieu-env.jar"
MODULES = ("engine", "strategies", "runner", "env")
MAVEN = ["mvn", "-q", "-B", "-DskipTests", "-pl", "env", "-am", "package"]


def _stale(jar):
    if not jar.is_file():
        return True
    built = jar.stat().st_mtime
    if (REPO / "pom.xml").stat().st_mtime > built:
        return True
    for name in MODULES:
        for folder, dirs, files in os.walk(REPO / name):
            dirs[:] = [d for d in dirs if d != "target"]
            for f in files:
                if (f.endswith(".java") or f == "pom.xml" or "/src/main/resources" in folder) \
                        and os.stat(os.path.join(folder, f)).st_mtime > built:
                    return True
    return False


class BuildWithJar(build_py):
    """build_py that first puts the engine jar into the package (building it when needed)."""

    def run(self):
        if (REPO / "env" / "pom.xml").is_file():
            if _stale(BUILT):
                print(f"richelieu: building the engine jar ({' '.join(MAVEN)}) ...", file=sys.stderr)
                if shutil.which("mvn") is None:
                    raise SystemExit("richelieu: building the engine jar needs Maven and Java 17+ on the PATH")
                if subprocess.run(MAVEN, cwd=REPO).returncode != 0 or not BUILT.is_file():
                    raise SystemExit(f"richelieu: the engine jar could not be built (cd {REPO} && {' '.join(MAVEN)})")
            PACKAGED.parent.mkdir(exist_ok=True)
            shutil.copy2(BUILT, PACKAGED)
        elif not PACKAGED.is_file():
            raise SystemExit(f"richelieu: no engine jar to package: build from the repository, or put it at {PACKAGED}")
        super().run()


setup(cmdclass={"build_py": BuildWithJar})
