package dev.pbs.montecarlo.tuning;

import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The read path every tuning candidate is simulated with, and the speculative retry settings the
 * tuner searches over: each (N, R, W) is tried with each setting.
 *
 * @param speculativeRetries distinct settings, 1 to {@link #MAX_SPECULATIVE_RETRIES}, in the order
 *     given (it breaks ties between candidates)
 */
public record TuningReadPath(
        ReadFanout readFanout,
        List<SpeculativeRetry> speculativeRetries,
        ReadRepair readRepair,
        ReplicaChoice replicaChoice) {

    /** The most speculative retry settings one question may search over. */
    public static final int MAX_SPECULATIVE_RETRIES = 8;

    /** The paper's read path: fan-out to all, no speculation, no read repair, random replicas. */
    public static final TuningReadPath PAPER = new TuningReadPath(
            ReadFanout.ALL, List.of(new SpeculativeRetry.None()), ReadRepair.OFF, ReplicaChoice.random());

    public TuningReadPath {
        Objects.requireNonNull(readFanout, "read fan-out is missing");
        Objects.requireNonNull(readRepair, "read repair is missing");
        Objects.requireNonNull(replicaChoice, "replica choice is missing");
        speculativeRetries = List.copyOf(speculativeRetries);
        if (speculativeRetries.isEmpty() || speculativeRetries.size() > MAX_SPECULATIVE_RETRIES) {
            throw new IllegalArgumentException("between 1 and " + MAX_SPECULATIVE_RETRIES
                    + " speculative retry settings, was " + speculativeRetries.size());
        }
        if (new LinkedHashSet<>(speculativeRetries).size() != speculativeRetries.size()) {
            throw new IllegalArgumentException("speculative retry settings must be distinct, were "
                    + speculativeRetries.stream().map(SpeculativeRetry::text).toList());
        }
        for (SpeculativeRetry retry : speculativeRetries) {
            if (retry.speculates() && readFanout != ReadFanout.TARGETED) {
                throw new IllegalArgumentException("speculative retry " + retry.text()
                        + " needs the targeted read fan-out (Cassandra's): with fan-out all, every replica is asked "
                        + "already");
            }
        }
        if (replicaChoice.snitch() && readFanout != ReadFanout.TARGETED) {
            throw new IllegalArgumentException("the dynamic snitch's replica choice needs the targeted read fan-out");
        }
    }

    /** Whether more than one speculative retry setting is searched. */
    public boolean searchesSpeculativeRetries() {
        return speculativeRetries.size() > 1;
    }

    /** Whether any setting speculates. */
    public boolean speculates() {
        return speculativeRetries.stream().anyMatch(SpeculativeRetry::speculates);
    }

    /** Whether this is {@link #PAPER}, the read path of tuning before read options existed. */
    public boolean isPaper() {
        return equals(PAPER);
    }

    /** {@code builder} with this read path and {@code retry}, one of {@link #speculativeRetries}. */
    SimulationSpec.Builder applyTo(SimulationSpec.Builder builder, SpeculativeRetry retry) {
        return builder.readFanout(readFanout)
                .speculativeRetry(retry)
                .readRepair(readRepair)
                .replicaChoice(replicaChoice);
    }
}
