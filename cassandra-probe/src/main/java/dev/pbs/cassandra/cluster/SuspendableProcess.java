package dev.pbs.cassandra.cluster;

/** A process that can be stopped where it stands and let go on again: a node's JVM, or a test's stand-in. */
interface SuspendableProcess {

    /**
     * Confirms that the process runs and can be signalled, sending it nothing that acts on it
     * (signal 0).
     *
     * @throws IllegalStateException if it no longer runs or cannot be signalled
     */
    void check();

    /**
     * Stops the process (SIGSTOP): none of its threads runs until {@link #resume}.
     *
     * @throws IllegalStateException if the process no longer runs or the signal could not be sent
     */
    void suspend();

    /**
     * Lets the process go on (SIGCONT); nothing happens to a process that is not stopped or no
     * longer runs.
     *
     * @throws IllegalStateException if the signal could not be sent
     */
    void resume();

    /** The process for messages, e.g. {@code node 2 (127.0.0.2, pid 4242)}. */
    String describe();
}
