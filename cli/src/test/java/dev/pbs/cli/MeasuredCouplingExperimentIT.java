package dev.pbs.cli;

import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.cassandra.probe.CoupledSum;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Experiment E7 of docs/fidelity.md, from the corpus alone ({@link LatencyVariantExperiment}): the
 * client's part of each predicted latency paired with the engine's latency by the measured pairs
 * of traced operations' client and coordinator parts ({@link CoupledSum#measured}) instead of a
 * Gaussian coupling of their rank correlation. Each cell's line also gives the upper tails'
 * co-exceedance at 0.95 of the measured pairs and of the Gaussian pairing. Writes {@code
 * target/measured-coupling.md}. On demand: {@code mvn verify -Pexperiment
 * -Dit.groups=corpus-experiment -Dit.test=MeasuredCouplingExperimentIT -pl cli} (about half a
 * minute a cell).
 */
@Tag("corpus-experiment")
class MeasuredCouplingExperimentIT {

    private static final double TAIL = 0.95;

    @Test
    void clientPartCoupledAsMeasured_againstTheCellsRule() throws IOException {
        LatencyVariantExperiment.run(
                "the measured coupling",
                cell -> StalenessObserver.compareCoupledAsMeasured(
                        cell.result().observation(), cell.replay().profile(), cell.n(), cell.coupling(), pairs(cell)),
                new LatencyVariantExperiment.Columns() {
                    @Override
                    public String header() {
                        return "pairs | rho | co-exceedance at 0.95 measured, Gaussian"
                                + " | p99 of writes observed, today, variant | p99 of reads observed, today, variant";
                    }

                    @Override
                    public String values(
                            LatencyVariantExperiment.Cell cell, ObservedStaleness today, ObservedStaleness variant) {
                        List<double[]> pairs = pairs(cell);
                        double[] grid = new double[StalenessObserver.CLIENT_PART_LEVELS];
                        return String.format(
                                        Locale.ROOT,
                                        "%d | %.2f | %.2f, %.2f | ",
                                        pairs.size(),
                                        cell.coupling(),
                                        CoupledSum.measured(grid, 200, pairs).upperTailCoexceedance(TAIL),
                                        CoupledSum.of(grid, 200, cell.coupling())
                                                .upperTailCoexceedance(TAIL))
                                + LatencyVariantExperiment.p99(today, variant, "write") + " | "
                                + LatencyVariantExperiment.p99(today, variant, "read");
                    }
                },
                "measured-coupling.md");
    }

    private static List<double[]> pairs(LatencyVariantExperiment.Cell cell) {
        return cell.result().measurement().pairs().clientWithCoordinator().pairs();
    }
}
