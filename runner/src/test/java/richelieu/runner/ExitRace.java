package richelieu.runner;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.ListeningConnector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;

import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A debugger (JDI) for one spawned runner JVM that forces the interleaving of two exits which
 * {@link ShutdownTest}'s plug-in test met only by chance (exit code 130 instead of
 * the plug-in's 0, once in a clean-clone CI run).
 *
 * <p>The JDK's shutdown ({@code java.lang.Shutdown}): the first {@code System.exit(n)} runs the
 * shutdown hooks, then halts with n. A later {@code System.exit} blocks for ever, except that
 * with a non-zero status after the hooks have run it halts at once with its own status
 * ({@code Runtime.exit}'s contract). So a runner whose main thread, released by the end of its
 * own hook, calls {@code System.exit(130)} in the instant between the end of the hooks and the
 * plug-in thread's {@code halt(0)} ends the JVM with 130.
 *
 * <p>This debugger widens that instant to as long as it takes: it holds the first thread to
 * call {@code Shutdown.exit} (the plug-in's) at the entry of {@code Shutdown.halt} (its hooks
 * have run), and holds any other thread entering {@code Shutdown.exit} before then until it is.
 * It releases the first thread only once the main thread waits in {@code richelieu.runner.Main}
 * alone (what the fixed runner does); a thread that halts before then ends the JVM with its status.
 */
final class ExitRace implements AutoCloseable {
    private static final String SHUTDOWN = "java.lang.Shutdown";
    private final ListeningConnector connector;
    private final Map<String, Connector.Argument> arguments;
    private final String address;
    private final StringBuilder log = new StringBuilder();

    private ExitRace() throws Exception {
        connector = Bootstrap.virtualMachineManager().listeningConnectors().stream()
                .filter(c -> c.name().equals("com.sun.jdi.SocketListen")).findFirst().orElseThrow();
        arguments = connector.defaultArguments();
        arguments.get("localAddress").setValue("127.0.0.1");
        arguments.get("port").setValue("0");
        address = connector.startListening(arguments);
    }

    /** Listens for the JVM to debug (started with {@link #jvmOption()}). */
    static ExitRace listen() throws Exception {
        return new ExitRace();
    }

    /** The option that makes a JVM connect to this debugger, suspended until {@link #drive}. */
    String jvmOption() {
        return "-agentlib:jdwp=transport=dt_socket,server=n,suspend=y,address=" + address;
    }

    /**
     * Accepts the JVM and runs it to its end under the rules above; returns what happened at
     * {@code Shutdown.exit} and {@code Shutdown.halt}, one event a line (for failure messages).
     */
    String drive(long limitMillis) throws Exception {
        VirtualMachine vm = connector.accept(arguments);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        EventRequestManager erm = vm.eventRequestManager();
        ClassPrepareRequest prepare = erm.createClassPrepareRequest();
        prepare.addClassFilter(SHUTDOWN);
        prepare.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        prepare.enable();
        vm.classesByName(SHUTDOWN).forEach(t -> breakAtExitAndHalt(erm, t));
        ThreadReference first = null; // the first thread to exit
        ThreadReference firstAtHalt = null; // the first thread, held at halt
        ThreadReference otherAtExit = null; // another thread, held at exit until the first is at halt
        vm.resume();
        try {
            while (true) {
                if (firstAtHalt != null && otherAtExit == null && mainWaitsInMainAlone(vm)) {
                    note("main waits in richelieu.runner.Main: the first exiting thread may halt");
                    firstAtHalt.resume();
                    firstAtHalt = null;
                }
                if (System.nanoTime() > deadline) {
                    note("time limit: everything resumed");
                    vm.resume();
                    if (firstAtHalt != null) {
                        firstAtHalt.resume();
                    }
                    return log.toString();
                }
                EventSet set = vm.eventQueue().remove(100);
                if (set == null) {
                    continue;
                }
                boolean resume = true;
                for (Event e : set) {
                    if (e instanceof VMDisconnectEvent) {
                        return log.toString();
                    } else if (e instanceof ClassPrepareEvent c) {
                        breakAtExitAndHalt(erm, c.referenceType());
                    } else if (e instanceof BreakpointEvent b) {
                        ThreadReference t = b.thread();
                        String method = b.location().method().name();
                        int status = ((IntegerValue) t.frame(0).getArgumentValues().get(0)).value();
                        note(t.name() + ": Shutdown." + method + "(" + status + ")");
                        if (method.equals("exit") && first == null) {
                            first = t;
                        } else if (method.equals("exit") && firstAtHalt == null) {
                            otherAtExit = t; // held until the first thread's hooks have run
                            resume = false;
                        } else if (method.equals("halt") && t.equals(first) && otherAtExit != null) {
                            firstAtHalt = t;
                            resume = false;
                            note(otherAtExit.name() + " released after the hooks ran");
                            otherAtExit.resume();
                            otherAtExit = null;
                        } else if (method.equals("halt") && t.equals(first)) {
                            firstAtHalt = t;
                            resume = false;
                        } else if (method.equals("halt") && firstAtHalt != null) {
                            // The first thread stays held: this halt ends the JVM with its own status.
                            note(t.name() + " halts the JVM with " + status + " while " + first.name()
                                    + " waits to halt");
                        }
                    }
                }
                if (resume) {
                    set.resume();
                }
            }
        } catch (VMDisconnectedException e) {
            return log.toString();
        }
    }

    private static void breakAtExitAndHalt(EventRequestManager erm, ReferenceType shutdown) {
        for (Method m : shutdown.methodsByName("exit", "(I)V")) {
            breakAt(erm, m);
        }
        for (Method m : shutdown.methodsByName("halt", "(I)V")) {
            breakAt(erm, m);
        }
    }

    private static void breakAt(EventRequestManager erm, Method m) {
        BreakpointRequest r = erm.createBreakpointRequest(m.location());
        r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        r.enable();
    }

    /**
     * True if the thread "main" waits (or sleeps) with nothing but JDK frames under
     * {@code richelieu.runner.Main}: the command has returned and main stays out of the exit.
     */
    private static boolean mainWaitsInMainAlone(VirtualMachine vm) throws IncompatibleThreadStateException {
        for (ThreadReference t : vm.allThreads()) {
            if (!t.name().equals("main") || t.isSuspended()
                    || (t.status() != ThreadReference.THREAD_STATUS_WAIT && t.status() != ThreadReference.THREAD_STATUS_SLEEPING)) {
                continue;
            }
            t.suspend();
            try {
                boolean inMain = false;
                for (StackFrame f : t.frames()) {
                    String type = f.location().declaringType().name();
                    inMain |= type.equals(Main.class.getName());
                    if (!type.equals(Main.class.getName()) && !type.startsWith("java.") && !type.startsWith("jdk.")) {
                        return false;
                    }
                }
                return inMain;
            } finally {
                t.resume();
            }
        }
        return false;
    }

    private void note(String line) {
        log.append(line).append('\n');
    }

    @Override
    public void close() throws Exception {
        try {
            connector.stopListening(arguments);
        } catch (IllegalArgumentException | java.io.IOException ignored) {
            // not listening any more: nothing to stop
        }
    }
}
