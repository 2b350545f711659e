package dev.pbs.cassandra.cluster;

import java.util.List;
import java.util.OptionalLong;

/**
 * The node of a local cluster that a fault is injected into, checked once before anything is done
 * to it: the cluster exists, the index is one of its nodes, and the node runs.
 *
 * @param index 1-based
 * @param address its address, 127.0.0.{first address + index - 1}
 * @param process its JVM, by the process id {@link LocalCluster#livePid} trusts
 */
record FaultedNode(int index, String address, ProcessHandle process) {

    /**
     * Node {@code index} of {@code cluster}, which must be running.
     *
     * @throws IllegalArgumentException if there is no cluster in the folder, the index is not one
     *     of its nodes, or the node does not run
     */
    static FaultedNode running(LocalCluster cluster, int index) {
        List<NodeStatus> nodes = cluster.status();
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("no cluster in " + cluster.root()
                    + " (start one with: pbs cassandra start --dir " + cluster.root() + ")");
        }
        if (index < 1 || index > nodes.size()) {
            throw new IllegalArgumentException("--node " + index + " is not a node of the cluster in " + cluster.root()
                    + ", whose nodes are 1 to " + nodes.size());
        }
        NodeStatus node = nodes.get(index - 1);
        OptionalLong pid = cluster.livePid(index);
        if (pid.isEmpty()) {
            throw new IllegalArgumentException(
                    "node " + index + " (" + node.address() + ") of the cluster in " + cluster.root()
                            + " is not running (pbs cassandra start --dir " + cluster.root() + " starts it again)");
        }
        ProcessHandle process = ProcessHandle.of(pid.getAsLong())
                .orElseThrow(() -> new IllegalArgumentException("node " + index + " (" + node.address()
                        + ") of the cluster in " + cluster.root() + " stopped running just now"));
        return new FaultedNode(index, node.address(), process);
    }

    /** {@code node 2 (127.0.0.2, pid 4242)}. */
    String describe() {
        return "node " + index + " (" + address + ", pid " + process.pid() + ")";
    }
}
