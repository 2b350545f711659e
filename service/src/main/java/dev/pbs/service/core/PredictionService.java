package dev.pbs.service.core;

import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.formats.report.PredictionJson;
import dev.pbs.formats.report.TuningJson;
import dev.pbs.formats.wire.Prediction;
import dev.pbs.formats.wire.Recommendation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs simulations with bounded capacity: at most {@code concurrent} at once (each uses every
 * core) and {@code queued} more waiting; beyond that a request is refused at once with 503 and
 * {@code Retry-After} rather than queued without bound. Answers to deterministic requests (an
 * explicit seed) are kept in a bounded least-recently-used cache.
 */
public final class PredictionService {

    /** Seconds a refused client should wait before trying again. */
    static final int RETRY_AFTER_SECONDS = 1;

    private final WarsEngine engine = new WarsEngine();
    private final Tuner tuner = new Tuner();
    private final Semaphore running;
    private final Semaphore admitted;
    /** Answers by request: {@link Prediction}s and {@link Recommendation}s, immutable records. */
    private final Map<String, Object> cache;
    private final int cacheCapacity;
    private final AtomicLong cacheHits = new AtomicLong();
    private final AtomicLong cacheMisses = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicInteger inProgress = new AtomicInteger();

    public PredictionService(int concurrent, int queued, int cacheCapacity) {
        this.running = new Semaphore(concurrent, true);
        this.admitted = new Semaphore(concurrent + queued);
        this.cacheCapacity = cacheCapacity;
        this.cache = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
                return size() > PredictionService.this.cacheCapacity;
            }
        };
    }

    /** The prediction of {@code ./pbs predict --format json} for this request. */
    public Prediction prediction(PredictionRequest request) {
        return cached(Prediction.class, request.cacheKey(),
                () -> PredictionJson.answer(simulate(request.spec()), request.report()));
    }

    /** The recommendation of {@code ./pbs tune --format json} for this request. */
    public Recommendation recommendation(RecommendationRequest request) {
        return cached(Recommendation.class, request.cacheKey().map(key -> "tune|" + key),
                () -> TuningJson.answer(withCapacity(() -> tuner.tune(request.spec()))));
    }

    /** Runs one simulation when capacity allows; 503 with Retry-After when it does not. */
    public SimulationResult simulate(SimulationSpec spec) {
        return withCapacity(() -> engine.run(spec));
    }

    private <T> T cached(Class<T> type, Optional<String> key, Supplier<T> compute) {
        if (key.isPresent()) {
            T cachedAnswer;
            synchronized (cache) {
                cachedAnswer = type.cast(cache.get(key.get()));
            }
            if (cachedAnswer != null) {
                cacheHits.incrementAndGet();
                return cachedAnswer;
            }
            cacheMisses.incrementAndGet();
        }
        T answer = compute.get();
        if (key.isPresent() && cacheCapacity > 0) {
            synchronized (cache) {
                cache.put(key.get(), answer);
            }
        }
        return answer;
    }

    /** Runs simulation work when a slot is free or one of the few waiting places is; else 503. */
    private <T> T withCapacity(Supplier<T> work) {
        if (!admitted.tryAcquire()) {
            refused.incrementAndGet();
            throw ApiProblem.withResponse(ApiProblem.response(503, "the service is busy with other simulations; "
                    + "try again in " + RETRY_AFTER_SECONDS + " s").header("Retry-After", RETRY_AFTER_SECONDS).build());
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
            throw ApiProblem.withResponse(ApiProblem.response(503, "the service is shutting down")
                    .header("Retry-After", RETRY_AFTER_SECONDS).build());
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
