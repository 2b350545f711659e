package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * SIGSTOP and SIGCONT to one node's JVM, sent with the system's {@code kill} command (Java has no
 * way to send them). The process is the one {@link FaultedNode} checked to be that node's JVM;
 * before each signal, its handle confirms that the same process (same id and start time) still
 * runs, so an id the system has given to another process is never signalled.
 */
final class NodeSignals implements SuspendableProcess {

    private final FaultedNode node;

    NodeSignals(FaultedNode node) {
        this.node = node;
    }

    @Override
    public void check() {
        requireAlive();
        send("0");
    }

    @Override
    public void suspend() {
        requireAlive();
        send("STOP");
    }

    private void requireAlive() {
        if (!node.process().isAlive()) {
            throw new IllegalStateException(describe() + " is no longer running");
        }
    }

    @Override
    public void resume() {
        if (node.process().isAlive()) {
            send("CONT");
        }
    }

    @Override
    public String describe() {
        return node.describe();
    }

    /** Runs {@code kill -SIGNAL pid} to its end, even if this thread is interrupted meanwhile. */
    private void send(String signal) {
        String pid = Long.toString(node.process().pid());
        Process kill;
        try {
            kill = new ProcessBuilder("kill", "-" + signal, pid)
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot run kill -" + signal + " " + pid + " for " + describe(), failed);
        }
        String output;
        try (InputStream in = kill.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException unreadable) {
            output = "";
        }
        int status = exitStatus(kill);
        if (status != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " (" + describe() + ") failed with status "
                    + status + (output.isEmpty() ? "" : ": " + output));
        }
    }

    private static int exitStatus(Process kill) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return kill.waitFor();
                } catch (InterruptedException again) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
