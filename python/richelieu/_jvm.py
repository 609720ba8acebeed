"""Starting the JVM with the engine jar: finding the jar (or building it), and one-line errors.

One JVM per Python process (a JPype limit): the first environment made decides the jar.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

JAR_IN_REPO = Path("env") / "target" / "richelieu-env.jar"
# Debian's JPype needs its support jar on the class path, or startJVM fails with
# ClassNotFoundException: org.jpype.classloader.DynamicClassLoader.
DEBIAN_JPYPE_JAR = Path("/usr/share/java/org.jpype.jar")
# The modules the env jar is built from (compared with the jar's time to decide on a rebuild).
SOURCE_FOLDERS = ("engine", "strategies", "env")

_started_with = None


class SetupError(RuntimeError):
    """Java, JPype or the engine jar is missing, or the jar cannot be built; the message is one line."""


def _is_repository(folder):
    return (folder / "richelieu").is_file() and (folder / "env" / "pom.xml").is_file()


def repository_root():
    """The checkout this package belongs to or that the current folder is in, or None."""
    here = Path(__file__).resolve().parent
    for start in (here, Path.cwd().resolve()):
        for folder in (start, *start.parents):
            if _is_repository(folder):
                return folder
    return None


def _stale(jar, root):
    built = jar.stat().st_mtime
    if (root / "pom.xml").stat().st_mtime > built:
        return True
    for name in SOURCE_FOLDERS:
        for dirpath, dirnames, filenames in os.walk(root / name):
            dirnames[:] = [d for d in dirnames if d != "target"]
            for f in filenames:
                if f.endswith(".java") or f == "pom.xml" or "/src/main/resources" in dirpath:
                    if os.stat(os.path.join(dirpath, f)).st_mtime > built:
                        return True
    return False


def _build(root):
    command = ["mvn", "-q", "-B", "-DskipTests", "-pl", "env", "-am", "package"]
    print(f"richelieu: building the engine jar in {root} ({' '.join(command)}) ...", file=sys.stderr)
    try:
        done = subprocess.run(command, cwd=root, stdout=subprocess.DEVNULL)
    except OSError as e:
        raise SetupError(f"richelieu: cannot run Maven to build the engine jar: {e}") from None
    if done.returncode != 0:
        raise SetupError(f"richelieu: building the engine jar failed (exit {done.returncode}; "
                         f"see the Maven output above); build it with: cd {root} && {' '.join(command)}")


def find_jar(jar=None):
    """The engine jar: the argument, else $RICHELIEU_JAR, else the repository's (built or rebuilt when needed)."""
    if jar is None:
        jar = os.environ.get("RICHELIEU_JAR") or None
    if jar is not None:
        path = Path(jar).expanduser()
        if not path.is_file():
            raise SetupError(f"richelieu: the engine jar {path} does not exist (build it in the repository with "
                             f"mvn -q -DskipTests -pl env -am package; it is env/target/richelieu-env.jar)")
        return path.resolve()
    root = repository_root()
    if root is None:
        raise SetupError("richelieu: cannot find the engine jar: run Python inside the repository (it uses "
                         "env/target/richelieu-env.jar, building it if needed), or set RICHELIEU_JAR=/path/to/richelieu-env.jar")
    path = root / JAR_IN_REPO
    if not path.is_file() or _stale(path, root):
        if shutil.which("mvn") is None or shutil.which("java") is None:
            raise SetupError(f"richelieu: {path} is missing or out of date, and building it needs Java 17+ and Maven "
                             f"on the PATH")
        _build(root)
        if not path.is_file():
            raise SetupError(f"richelieu: the build did not make {path}")
    return path


def start(jar=None):
    """Starts the JVM with the engine jar once per process; returns the jpype module."""
    global _started_with
    try:
        import jpype
        import jpype.imports  # noqa: F401  (Java packages as Python modules)
        import jpype.nio  # noqa: F401
    except ImportError:
        raise SetupError("richelieu: JPype is not installed: on Debian 'apt-get install python3-jpype' (it is seen by "
                         "/usr/bin/python3 and by venvs made with --system-site-packages), elsewhere "
                         "'pip install JPype1'") from None
    if jpype.isJVMStarted():
        if _started_with is None:
            try:
                jpype.JClass("richelieu.env.EnvCore")
            except Exception:
                raise SetupError("richelieu: a JVM is already running without the engine jar on its class path "
                                 "(JPype allows one JVM per process)") from None
            _started_with = "the running JVM"
        elif jar is not None and Path(jar).resolve() != _started_with:
            raise SetupError(f"richelieu: the JVM already runs {_started_with}; one JVM per process (JPype) "
                             f"cannot load {jar} as well")
        return jpype
    path = find_jar(jar)
    try:
        jvm = jpype.getDefaultJVMPath()
    except Exception:
        raise SetupError("richelieu: no Java found: install Java 17+ (e.g. apt-get install openjdk-17-jre-headless) "
                         "or set JAVA_HOME") from None
    classpath = [str(path)]
    if DEBIAN_JPYPE_JAR.is_file():
        classpath.append(str(DEBIAN_JPYPE_JAR))
    try:
        jpype.startJVM(jvm, classpath=classpath, convertStrings=True)
    except Exception as e:
        raise SetupError(f"richelieu: the JVM did not start with {path}: {str(e).splitlines()[0] if str(e) else e!r}") from None
    _started_with = path
    return jpype
