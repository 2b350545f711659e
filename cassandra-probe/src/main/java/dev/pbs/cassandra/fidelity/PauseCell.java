package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.PauseSchedule;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The fidelity cell with a paused node: a healthy cell ({@link FidelitySettings}, whose table is
 * set to read without speculative retry or read repair, as the model with faults reads) observed
 * twice on one cluster, first healthy, then while one node pauses on a schedule (SIGSTOP, SIGCONT).
 * Only keys the paused node holds are observed, so it is always one of the observed key's replicas
 * and never its coordinator.
 *
 * @param cell the injected delays, the writes, their pace and the t grid
 * @param pausedNode the node that pauses, from 1 to the cluster's N + 1 nodes
 * @param period from the start of one pause to the start of the next
 * @param length each pause's length, below the period
 */
public record PauseCell(FidelitySettings cell, int pausedNode, Duration period, Duration length) {

    /**
     * Where the tail of the t grid begins, ms: past the healthy cell's staleness (its reads are
     * fresh by then), so what stays stale there is the pauses' doing.
     */
    public static final double TAIL_FROM_MILLIS = 40;

    public PauseCell {
        Objects.requireNonNull(cell, "cell");
        if (cell.datacenters().isPresent() || cell.slowReplica().isPresent()) {
            throw new IllegalArgumentException("the paused-node cell is for one datacenter of alike nodes");
        }
        if (cell.table().readReplicas() != 1) {
            throw new IllegalArgumentException(
                    "the paused-node cell reads at ONE, not " + cell.table().readReplicas());
        }
        if (pausedNode < 1 || pausedNode > cell.replicas() + 1) {
            throw new IllegalArgumentException(
                    "--node must be between 1 and " + (cell.replicas() + 1) + ", was " + pausedNode);
        }
        // Checks the period and the length as the pause command does.
        new PauseSchedule(period, length, period);
        cell = cell.withTable(
                new FidelityTable(Optional.of(new SpeculativeRetry.None()), Optional.of(ReadRepair.NONE), 1));
    }

    /** The paused node's address. */
    public String pausedAddress() {
        return "127.0.0." + (cell.firstAddress() + pausedNode - 1);
    }

    /** The model's pause process for this schedule: running {@code period - length}, paused {@code length}. */
    public PauseProcess process() {
        return new PauseProcess(
                Constant.of((period.toNanos() - length.toNanos()) / 1e6), Constant.of(length.toNanos() / 1e6));
    }

    /** The pause schedule for a run of {@code total}. */
    PauseSchedule schedule(Duration total) {
        return new PauseSchedule(period, length, total);
    }
}
