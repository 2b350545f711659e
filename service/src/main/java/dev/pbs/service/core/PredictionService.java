package dev.pbs.service.core;

import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.service.errors.ApiProblem;
import dev.pbs.montecarlo.tuning.Tuner;
import dev.pbs.formats.report.PredictionJson;
import dev.pbs.formats.report.TuningJson;
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
    private final Map<String, String> cache;
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
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > PredictionService.this.cacheCapacity;
            }
        };
    }

    /** The prediction JSON of {@code ./pbs predict --format json} for this request. */
    public String predictionJson(PredictionRequest request) {
        return cached(request.cacheKey(),
                () -> PredictionJson.toText(simulate(request.spec()), request.report()));
    }

    /** The tuning JSON of {@code ./pbs tune --format json} for this request. */
    public String recommendationJson(RecommendationRequest request) {
        return cached(request.cacheKey().map(key -> "tune|" + key),
                () -> TuningJson.toText(withCapacity(() -> tuner.tune(request.spec()))));
    }

    /** Runs one simulation when capacity allows; 503 with Retry-After when it does not. */
    public SimulationResult simulate(SimulationSpec spec) {
        return withCapacity(() -> engine.run(spec));
    }

    private String cached(Optional<String> key, Supplier<String> compute) {
        if (key.isPresent()) {
            String cachedAnswer;
            synchronized (cache) {
                cachedAnswer = cache.get(key.get());
            }
            if (cachedAnswer != null) {
                cacheHits.incrementAndGet();
                return cachedAnswer;
            }
            cacheMisses.incrementAndGet();
        }
        String answer = compute.get();
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
