"""Starting the JVM with the engine jar: once per process, under a lock, from any thread.

One JVM per Python process (a JPype limit): the first environment made decides the jar. The jar
is the one this package carries (``richelieu/jars/richelieu-env.jar``, put there by
``pip install``), or one the user names (the ``jar=`` argument, ``$RICHELIEU_JAR``); nothing is
looked up in the current folder or its parents.

A JVM does not survive ``os.fork()``: its threads stay behind in the parent, and a call into it
from the child hangs. The child of a process whose JVM was started is marked at the fork, and
every environment then refuses to run there with ``ForkError`` instead of hanging.
"""

import os
import threading
import zipfile
from pathlib import Path

PACKAGE_JAR = Path(__file__).resolve().parent / "jars" / "richelieu-env.jar"
# Debian's JPype needs its support jar on the class path, or startJVM fails with
# ClassNotFoundException: org.jpype.classloader.DynamicClassLoader.
DEBIAN_JPYPE_JAR = Path("/usr/share/java/org.jpype.jar")
# A class of the engine jar: present means the running JVM has it.
PROBE_CLASS = "richelieu.env.EnvCore"
# The classes the environments load: a jar without them is not the engine jar.
ENGINE_CLASSES = (PROBE_CLASS, "richelieu.env.EnvBatch")
BUILD = "build it in the repository with mvn -q -DskipTests -pl env -am package: env/target/richelieu-env.jar"

_lock = threading.Lock()
_started_with = None
_forked = False


class SetupError(RuntimeError):
    """Java, JPype or the engine jar is missing; the message is one line saying what to do."""


class ForkError(RuntimeError):
    """An environment (or the package's JVM) was used in a process forked after the JVM started."""


FORK_MESSAGE = ("richelieu: this process was forked after the JVM started, and a JVM does not survive a fork "
                "(a call into it would hang): make environments in the process that uses them. For many games at "
                "once use richelieu.vector_env(N, ...) in one process, or start the processes with 'spawn': "
                "gymnasium.vector.AsyncVectorEnv(env_fns, context='spawn')")


def _after_fork_in_child():
    global _forked
    if _started_with is not None:
        _forked = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def forked():
    """True in a child forked after the JVM started."""
    return _forked


def check_process():
    """Raises ForkError in a child forked after the JVM started."""
    if _forked:
        raise ForkError(FORK_MESSAGE)


def find_jar(jar=None):
    """The engine jar: the argument, else $RICHELIEU_JAR, else the one this package carries."""
    if jar is None:
        jar = os.environ.get("RICHELIEU_JAR") or None
        named = "RICHELIEU_JAR"
    else:
        named = "jar"
    if jar is not None:
        if not isinstance(jar, (str, os.PathLike)):
            raise SetupError(f"richelieu: jar must be a path to the engine jar, not {jar!r}")
        path = Path(jar).expanduser()
        if not path.is_file():
            raise SetupError(f"richelieu: the engine jar {path} ({named}) does not exist ({BUILD})")
        return check_jar(path, named).resolve()
    if not PACKAGE_JAR.is_file():
        raise SetupError(f"richelieu: this package has no engine jar ({PACKAGE_JAR} is missing): install it with "
                         f"'pip install ./python' from the repository (that builds the jar and puts it in the "
                         f"package), or name one with jar=... or RICHELIEU_JAR")
    return check_jar(PACKAGE_JAR, "the package's jar")


def check_jar(path, named):
    """``path`` if it is a jar holding the engine's environment classes, else SetupError naming it. Checked
    before the JVM starts: the JVM starts once per process, and started with a wrong jar it would stay
    without the engine for every later environment."""
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
    except (zipfile.BadZipFile, OSError):
        names = None
    if names is None or not {c.replace(".", "/") + ".class" for c in ENGINE_CLASSES} <= names:
        what = "not a jar" if names is None else "a jar without " + ", ".join(ENGINE_CLASSES)
        raise SetupError(f"richelieu: {path} ({named}) is not the engine jar ({what}; {BUILD})")
    return path


def start(jar=None):
    """Starts the JVM with the engine jar once per process (any thread, several at once); returns the jpype module."""
    global _started_with
    check_process()
    try:
        import jpype
        import jpype.imports  # noqa: F401  (Java packages as Python modules)
        import jpype.nio  # noqa: F401
    except ImportError:
        raise SetupError("richelieu: JPype is not installed: on Debian 'apt-get install -y python3-jpype' (it is "
                         "seen by /usr/bin/python3 and by venvs made with --system-site-packages), elsewhere "
                         "'pip install JPype1'") from None
    with _lock:
        if jpype.isJVMStarted():
            if _started_with is None:
                try:
                    jpype.JClass(PROBE_CLASS)
                except Exception:
                    raise SetupError("richelieu: a JVM is already running without the engine jar on its class path "
                                     "(JPype allows one JVM per process)") from None
                _started_with = "the running JVM"
            elif jar is not None and Path(jar).expanduser().resolve() != _started_with:
                raise SetupError(f"richelieu: the JVM already runs {_started_with}; one JVM per process (JPype) "
                                 f"cannot load {jar} as well")
            return jpype
        path = find_jar(jar)
        try:
            jvm = jpype.getDefaultJVMPath()
        except Exception:
            raise SetupError("richelieu: no Java found: install Java 17+ (e.g. apt-get install -y "
                             "openjdk-17-jre-headless) or set JAVA_HOME") from None
        classpath = [str(path)]
        if DEBIAN_JPYPE_JAR.is_file():
            classpath.append(str(DEBIAN_JPYPE_JAR))
        try:
            # interrupt=False: Ctrl-C is Python's KeyboardInterrupt (a training loop can save and stop),
            # not a JVM halt.
            jpype.startJVM(jvm, classpath=classpath, convertStrings=True, interrupt=False)
        except Exception as e:
            raise SetupError(f"richelieu: the JVM did not start with {path}: "
                             f"{str(e).splitlines()[0] if str(e) else e!r}") from None
        if threading.current_thread() is not threading.main_thread():
            # The thread that creates a JVM stays attached as a non-daemon Java thread, and at exit
            # the JVM waits for every non-daemon thread: started from a thread that has ended, the
            # interpreter would never exit. Detached here, this thread is re-attached as a daemon
            # (as JPype attaches every other thread) when it next calls into Java.
            jpype.java.lang.Thread.detach()
        _started_with = path
    return jpype
