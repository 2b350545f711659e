package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.NodeStateListenerBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Each node's availability as the probe saw it: whether it is up now (the driver's view, corrected
 * by the probe's own failures), its successful and failed operations, and how often it went down.
 * A node that fails an operation is counted down until one succeeds through it again or the driver
 * reports it up. Thread-safe.
 */
public final class NodeHealth extends NodeStateListenerBase {

    /** One node's figures. */
    public record NodeReport(
            String address, boolean up, long succeeded, long failed, int timesDown, Instant lastChange) {}

    private static final class Entry {
        boolean up = true;
        long succeeded;
        long failed;
        int timesDown;
        Instant lastChange = Instant.now();
    }

    private final Map<String, Entry> nodes = new TreeMap<>(ReplicaOrder.COMPARATOR);

    /** Registers every node the driver knows, so silent ones appear too. */
    public synchronized void know(String address, boolean up) {
        Entry entry = nodes.computeIfAbsent(address, ignored -> new Entry());
        if (!up) {
            markDown(entry);
        }
    }

    public synchronized void succeeded(String address) {
        Entry entry = nodes.computeIfAbsent(address, ignored -> new Entry());
        entry.succeeded++;
        markUp(entry);
    }

    public synchronized void failed(String address) {
        Entry entry = nodes.computeIfAbsent(address, ignored -> new Entry());
        entry.failed++;
        markDown(entry);
    }

    public synchronized boolean isUp(String address) {
        Entry entry = nodes.get(address);
        return entry == null || entry.up;
    }

    private static void markDown(Entry entry) {
        if (entry.up) {
            entry.up = false;
            entry.timesDown++;
            entry.lastChange = Instant.now();
        }
    }

    private static void markUp(Entry entry) {
        if (!entry.up) {
            entry.up = true;
            entry.lastChange = Instant.now();
        }
    }

    @Override
    public synchronized void onUp(Node node) {
        markUp(nodes.computeIfAbsent(ProbeSessions.traceAddress(node), ignored -> new Entry()));
    }

    @Override
    public synchronized void onDown(Node node) {
        markDown(nodes.computeIfAbsent(ProbeSessions.traceAddress(node), ignored -> new Entry()));
    }

    @Override
    public synchronized void onAdd(Node node) {
        know(
                ProbeSessions.traceAddress(node),
                node.getState() != NodeState.DOWN && node.getState() != NodeState.FORCED_DOWN);
    }

    @Override
    public synchronized void onRemove(Node node) {
        nodes.remove(ProbeSessions.traceAddress(node));
    }

    /** Every node's figures now, by address. */
    public synchronized List<NodeReport> report() {
        List<NodeReport> reports = new ArrayList<>();
        nodes.forEach((address, entry) -> reports.add(
                new NodeReport(address, entry.up, entry.succeeded, entry.failed, entry.timesDown, entry.lastChange)));
        return reports;
    }
}
