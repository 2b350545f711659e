package dev.pbs.cli;

import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import java.io.IOException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Experiment E6 of docs/fidelity.md, from the corpus alone ({@link LatencyVariantExperiment}): the
 * client's part of each predicted latency on {@link #VARIANT_LEVELS} quantiles instead of {@link
 * StalenessObserver#CLIENT_PART_LEVELS}. Writes {@code target/latency-grid.md}. On demand: {@code
 * mvn verify -Pexperiment -Dit.groups=corpus-experiment -Dit.test=LatencyGridExperimentIT -pl cli}
 * (about half a minute a cell).
 */
@Tag("corpus-experiment")
class LatencyGridExperimentIT {

    private static final int VARIANT_LEVELS = 1000;

    @Test
    void clientPartOnAFinerGrid_againstTheCellsRule() throws IOException {
        LatencyVariantExperiment.run(
                "the grid of " + VARIANT_LEVELS,
                cell -> StalenessObserver.compare(
                        cell.result().observation(),
                        cell.replay().profile(),
                        cell.n(),
                        cell.coupling(),
                        VARIANT_LEVELS),
                new LatencyVariantExperiment.Columns() {
                    @Override
                    public String header() {
                        return "p99 of writes observed, today, variant | p99 of reads observed, today, variant";
                    }

                    @Override
                    public String values(
                            LatencyVariantExperiment.Cell cell, ObservedStaleness today, ObservedStaleness variant) {
                        return LatencyVariantExperiment.p99(today, variant, "write") + " | "
                                + LatencyVariantExperiment.p99(today, variant, "read");
                    }
                },
                "latency-grid.md");
    }
}
