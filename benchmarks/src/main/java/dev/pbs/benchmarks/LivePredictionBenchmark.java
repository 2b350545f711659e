package dev.pbs.benchmarks;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.distribution.LatencySampler;
import dev.pbs.model.distribution.LogNormal;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.slas.LivePrediction;
import dev.pbs.service.slas.LivePredictor;
import dev.pbs.service.slas.LiveSla;
import dev.pbs.service.slas.PredictionClock;
import dev.pbs.service.slas.QuietestRoundTrip;
import dev.pbs.service.slas.SlaConfiguration;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a probe's live intervals cost: one declared configuration (ONE/ONE, N = 3, the default
 * 200,000 trials, P(consistent) at the six default times, the 99% and 99.9% windows, three latency
 * percentiles) predicted from a measured profile (2,400 observations of each message, a default
 * window's worth; t after the client's acknowledgement with 2,400 measured round trips coupled
 * with the coordinator's part by 0.4, or after commit), with its
 * intervals ({@code withIntervals}: the point estimate and {@link LivePredictor#REPLICATES} bootstrap
 * replicates) and the point estimate alone ({@code pointAlone}: the same predictor with no
 * replicate, its intervals the Monte Carlo noise's alone). Milliseconds per prediction.
 *
 * <p>Run: {@code mvn -q -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar -f 2 -wi 3 -i 5 -w 5 -r 5 LivePredictionBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(2)
public class LivePredictionBenchmark {

    private static final long TRIALS = 200_000;

    /** The moment t counts from: after the client's acknowledgement (the default) or after commit. */
    @Param({"acknowledgement", "commit"})
    public String clockOrigin;

    private static final int OBSERVATIONS = 2_400;

    private final LivePredictor predictor = new LivePredictor(QuestionLimits.COMMAND_LINE);
    private final LivePredictor pointPredictor = new LivePredictor(QuestionLimits.COMMAND_LINE, 0);
    private LatencyProfile profile;
    private PredictionClock clock;
    private List<LiveSla> slas;

    @Setup
    public void prepare() {
        SplittableRandom random = new SplittableRandom(5);
        profile = LatencyProfile.builder("measured")
                .description("benchmark")
                .provenance("benchmark")
                .defaults(new MessageDelays(
                        measured(LogNormal.of(Math.log(2), 0.8), random),
                        measured(LogNormal.of(Math.log(0.5), 0.5), random),
                        measured(LogNormal.of(Math.log(0.5), 0.5), random),
                        measured(LogNormal.of(Math.log(0.5), 0.5), random)))
                .build();
        Histogram roundTrips =
                (Histogram) measured(LogNormal.of(Math.log(1.5), 0.3), random).histogram();
        clock = clockOrigin.equals("commit")
                ? PredictionClock.COMMIT
                : new QuietestRoundTrip().clockFor(roundTrips, 0.4);
        SlaConfiguration oneOne = new SlaConfiguration();
        oneOne.setWriteLevel("ONE");
        oneOne.setReadLevel("ONE");
        oneOne.setRequire(List.of("window@0.999<=10ms", "consistency@0ms>=0.9"));
        slas = List.of(oneOne.toSla("slas[0]"));
    }

    private static Empirical measured(LatencyDistribution distribution, SplittableRandom random) {
        LatencySampler sampler = distribution.sampler(random);
        Histogram micros = new Histogram(3_600_000_000L, 3);
        for (int draw = 0; draw < OBSERVATIONS; draw++) {
            micros.recordValue(Math.max(1, Math.round(sampler.sample() * 1000)));
        }
        return Empirical.of(micros, TimeUnit.MICROSECONDS);
    }

    @Benchmark
    public LivePrediction withIntervals() {
        return predictor.predict(profile, 3, slas, Optional.empty(), TRIALS, clock);
    }

    @Benchmark
    public LivePrediction pointAlone() {
        return pointPredictor.predict(profile, 3, slas, Optional.empty(), TRIALS, clock);
    }
}
