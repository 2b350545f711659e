package dev.pbs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.legs.LegCorrelation;
import dev.pbs.cassandra.probe.ProbeEvent;
import dev.pbs.formats.record.ProbeRecordReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The first half of experiment E2 of docs/fidelity.md, from the corpus alone: the paired legs of
 * record P1 ({@code ./pbs probe --paired-legs 500 --record}, beside the probe's workload on the
 * three-node cluster), the rank correlation of a replica's W in a write with its R in the read that
 * followed tau later, by tau, over the same replica and over two different ones ({@link
 * LegCorrelation}), and the rule's decision: a dependence is present when at some tau of 5 ms or
 * less the same replica's correlation exceeds its value at 200 ms by more than three standard errors
 * of the difference (each 1 / sqrt(pairs - 1)); it is the whole machine's when the different
 * replicas' does too. Writes {@code target/paired-legs.md}. On demand: {@code mvn verify -Pexperiment
 * -Dit.groups=corpus-experiment -pl cli -am}.
 */
@Tag("corpus-experiment")
class PairedLegsExperimentIT {

    @Test
    void pairedLegs_correlationByTau() throws IOException {
        List<ProbeEvent.TracedOperation> traced = new ArrayList<>();
        ProbeRecordReader.read(CorpusReplayTest.CORPUS.resolve("P1.jsonl.gz"), event -> {
            if (event instanceof ProbeEvent.TracedOperation operation) {
                traced.add(operation);
            }
        });
        List<LegCorrelation.ByTau> byTau = LegCorrelation.of(traced);
        assertThat(byTau).extracting(LegCorrelation.ByTau::tauMillis).containsExactly(0, 2, 5, 200);
        LegCorrelation.ByTau far = byTau.get(byTau.size() - 1);
        List<String> lines = new ArrayList<>();
        lines.add("| tau ms | pairs | same replica rho (points) | (rho - rho at 200) / se | different replicas rho "
                + "(points) | (rho - rho at 200) / se |");
        lines.add("|---|---|---|---|---|---|");
        boolean sameDepends = false;
        boolean differentDepends = false;
        for (LegCorrelation.ByTau tau : byTau) {
            double error = Math.hypot(
                    LegCorrelation.ByTau.standardError(tau.pairs()), LegCorrelation.ByTau.standardError(far.pairs()));
            double sameExcess = (tau.sameReplica() - far.sameReplica()) / error;
            double differentExcess = (tau.differentReplicas() - far.differentReplicas()) / error;
            if (tau.tauMillis() <= 5) {
                sameDepends |= sameExcess > 3;
                differentDepends |= differentExcess > 3;
            }
            lines.add(String.format(
                    Locale.ROOT,
                    "| %d | %d | %+.3f (%d) | %+.1f | %+.3f (%d) | %+.1f |",
                    tau.tauMillis(),
                    tau.pairs(),
                    tau.sameReplica(),
                    tau.sameReplicaPoints(),
                    sameExcess,
                    tau.differentReplicas(),
                    tau.differentReplicaPoints(),
                    differentExcess));
        }
        lines.add("");
        lines.add(
                "decision: "
                        + (!sameDepends
                                ? "no dependence of a replica's write and later read beyond three standard errors"
                                : differentDepends
                                        ? "a dependence, of the whole machine (the different replicas' correlation rises too)"
                                        : "a dependence of the replica itself (the different replicas' correlation does not rise)"));
        String report = String.join("\n", lines) + "\n";
        System.out.println(report);
        Files.writeString(Path.of("target", "paired-legs.md"), report);
        assertThat(far.pairs()).isGreaterThan(100);
    }
}
