package dev.pbs.cassandra.cluster;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * How many reads the local cluster's coordinators made again in full after their answers
 * disagreed (a digest mismatch), and how many read-repair mutations they sent for one table, read
 * from each node's own meters over its local JMX port.
 *
 * <p>On a digest mismatch Cassandra 4 and 5 mark one meter of the {@code ReadRepair} group before
 * they read the full data again: {@code RepairedBlocking} with the table's {@code read_repair}
 * {@code BLOCKING}, {@code ReconcileRead} with {@code NONE}. For every replica it then writes the
 * newest value back to, it marks the table's {@code ReadRepairRequests}. Summed over the nodes they
 * count every read, traced or not, whichever node coordinated it; reads at ONE and operations whose
 * replicas all had the same data (the probe's, written and read at ALL) mark none of them. The
 * difference of two readings over an observation therefore counts the observation's own mismatches
 * and repairs, without the cost that tracing adds to a traced sample.
 */
public final class ReadRepairMeters {

    /** The meters that Cassandra marks when a read's answers disagree, one per read_repair setting. */
    static final List<String> MISMATCH_METERS = List.of("RepairedBlocking", "ReconcileRead");

    /**
     * Counts summed over the nodes.
     *
     * @param mismatchedReads reads whose answers disagreed, so that they read the full data again
     * @param repairMutations read-repair mutations sent for the table, one per stale replica repaired
     */
    public record Counts(long mismatchedReads, long repairMutations) {

        /** What was counted between {@code earlier} and this reading. */
        public Counts since(Counts earlier) {
            return new Counts(mismatchedReads - earlier.mismatchedReads, repairMutations - earlier.repairMutations);
        }
    }

    private ReadRepairMeters() {}

    /** The JMX URL of the node at {@code address}, whose local JMX port follows its address. */
    static JMXServiceURL url(String address) {
        try {
            return new JMXServiceURL(
                    "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + NodeConfiguration.jmxPort(address) + "/jmxrmi");
        } catch (java.net.MalformedURLException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /**
     * The counts so far, summed over the nodes; empty when some node's meters could not be read (not
     * running, or its JMX port not open).
     *
     * @param keyspace the table's keyspace
     * @param table the table whose read-repair mutations are counted
     */
    // JMX over RMI looks its server up by JNDI and deserialises what it answers: here only ever the
    // local JMX port (bound to loopback) of a node that this program's local cluster started.
    @SuppressWarnings("BanJNDI")
    public static Optional<Counts> read(List<NodeStatus> nodes, String keyspace, String table) {
        long mismatched = 0;
        long repairs = 0;
        for (NodeStatus node : nodes) {
            try (JMXConnector connector = JMXConnectorFactory.connect(url(node.address()))) {
                MBeanServerConnection server = connector.getMBeanServerConnection();
                for (String meter : MISMATCH_METERS) {
                    mismatched += count(server, "org.apache.cassandra.metrics:type=ReadRepair,name=" + meter);
                }
                repairs += count(
                        server,
                        "org.apache.cassandra.metrics:type=Table,keyspace=" + keyspace + ",scope=" + table
                                + ",name=ReadRepairRequests");
            } catch (IOException | JMException | ClassCastException | SecurityException unavailable) {
                return Optional.empty();
            }
        }
        return Optional.of(new Counts(mismatched, repairs));
    }

    private static long count(MBeanServerConnection server, String name) throws IOException, JMException {
        return ((Number) server.getAttribute(new ObjectName(name), "Count")).longValue();
    }
}
