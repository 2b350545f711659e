package dev.pbs.service.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.pbs.formats.report.LevelTuningJson;
import dev.pbs.formats.report.PredictionJson;
import dev.pbs.formats.report.TuningJson;
import dev.pbs.formats.wire.Prediction;
import dev.pbs.formats.wire.Recommendation;
import dev.pbs.montecarlo.LevelSimulationResult;
import dev.pbs.montecarlo.LevelSimulationSpec;
import dev.pbs.montecarlo.SessionResult;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.montecarlo.rare.RareEventAnswer;
import dev.pbs.montecarlo.tuning.LevelTuner;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.TuningQuestion;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Runs simulations with bounded capacity: at most {@code concurrent} at once (each uses every
 * core) and {@code queued} more waiting; beyond that a request is refused at once with a {@link
 * SimulationCapacityException} rather than queued without bound. Answers to seeded questions (pure
 * functions of the question) are kept in a bounded cache.
 */
public final class PredictionService {

    /** Seconds a refused client should wait before trying again. */
    static final int RETRY_AFTER_SECONDS = 1;

    private final WarsEngine engine = new WarsEngine();
    private final Tuner tuner = new Tuner();
    private final LevelTuner levelTuner = new LevelTuner();
    private final Semaphore running;
    private final Semaphore admitted;
    /** Answers by question: {@link Prediction}s and {@link Recommendation}s, immutable records. */
    private final Cache<String, Object> cache;

    private final AtomicLong cacheHits = new AtomicLong();
    private final AtomicLong cacheMisses = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicInteger inProgress = new AtomicInteger();

    /**
     * @param concurrent simulations running at once
     * @param queued simulations waiting for a slot
     * @param cacheCapacity answers kept (0: none)
     */
    public PredictionService(int concurrent, int queued, int cacheCapacity) {
        this.running = new Semaphore(concurrent, true);
        this.admitted = new Semaphore(concurrent + queued);
        // Evictions run on the calling thread, so the bound holds as soon as put returns.
        this.cache = Caffeine.newBuilder()
                .maximumSize(cacheCapacity)
                .executor(Runnable::run)
                .build();
    }

    /** The prediction of {@code ./pbs predict --format json} for this question. */
    public Prediction prediction(PredictionQuestion question) {
        return cached(
                Prediction.class,
                question.seeded() ? Optional.of(QuestionKeys.of(question)) : Optional.empty(),
                () -> question.isLevels() ? levelPrediction(question) : simulatedPrediction(question));
    }

    /**
     * An (R, W) prediction: the plain run and, for the figures it cannot resolve, the rare-event
     * method's, in one simulation slot.
     */
    private Prediction simulatedPrediction(PredictionQuestion question) {
        record Simulated(SimulationResult plain, RareEventAnswer rare) {}
        Simulated simulated = withCapacity(() -> {
            SimulationResult plain = engine.run(question.simulation());
            return new Simulated(
                    plain,
                    RareEventAnswer.of(
                            plain,
                            question.rareEventWindows(),
                            question.rareEvents().staleProbabilities()));
        });
        return PredictionJson.answer(
                simulated.plain(), sessions(question), question.report(), question.recovery(), simulated.rare());
    }

    private Prediction levelPrediction(PredictionQuestion question) {
        LevelSimulationResult plain = simulate(question.levelSimulation());
        return PredictionJson.answer(plain, question.report(), RareEventAnswer.of(plain, question.rareEventWindows()));
    }

    /** The recommendation of {@code ./pbs tune --format json} for this question. */
    public Recommendation recommendation(TuningQuestion question) {
        return cached(
                Recommendation.class,
                question.seeded() ? Optional.of(QuestionKeys.of(question)) : Optional.empty(),
                () -> question.isLevels()
                        ? LevelTuningJson.answer(withCapacity(() -> levelTuner.tune(question.levelTuning())))
                        : TuningJson.answer(withCapacity(() -> tuner.tune(question.tuning()))));
    }

    /**
     * Runs one simulation when capacity allows.
     *
     * @throws SimulationCapacityException when it does not
     */
    public SimulationResult simulate(SimulationSpec spec) {
        return withCapacity(() -> engine.run(spec));
    }

    /** The session guarantees a question asks for, simulated when capacity allows; null when it asks none. */
    private SessionResult sessions(PredictionQuestion question) {
        return question.sessions() == null
                ? null
                : withCapacity(() -> engine.run(question.simulation(), question.sessions()));
    }

    /**
     * Runs one simulation of consistency levels across datacenters when capacity allows.
     *
     * @throws SimulationCapacityException when it does not
     */
    public LevelSimulationResult simulate(LevelSimulationSpec spec) {
        return withCapacity(() -> engine.run(spec));
    }

    private <T> T cached(Class<T> type, Optional<String> key, Supplier<T> compute) {
        if (key.isEmpty()) {
            return compute.get();
        }
        T answer = type.cast(cache.getIfPresent(key.get()));
        if (answer != null) {
            cacheHits.incrementAndGet();
            return answer;
        }
        cacheMisses.incrementAndGet();
        // Computed outside the cache's lock: a simulation takes seconds and must not block other keys.
        answer = compute.get();
        cache.put(key.get(), answer);
        return answer;
    }

    /** Runs simulation work when a slot is free or one of the few waiting places is. */
    private <T> T withCapacity(Supplier<T> work) {
        if (!admitted.tryAcquire()) {
            refused.incrementAndGet();
            throw new SimulationCapacityException(
                    "the service is busy with other simulations; try again in " + RETRY_AFTER_SECONDS + " s",
                    RETRY_AFTER_SECONDS);
        }
        inProgress.incrementAndGet();
        try {
            running.acquire();
            try {
                return work.get();
            } finally {
                running.release();
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new SimulationCapacityException("the service is shutting down", RETRY_AFTER_SECONDS);
        } finally {
            inProgress.decrementAndGet();
            admitted.release();
        }
    }

    public long cacheHits() {
        return cacheHits.get();
    }

    public long cacheMisses() {
        return cacheMisses.get();
    }

    public long refusedRequests() {
        return refused.get();
    }

    /** Simulations running or waiting for a slot now. */
    public int simulationsInProgress() {
        return inProgress.get();
    }
}
