package dev.pbs.service.errors;

import com.sun.management.HotSpotDiagnosticMXBean;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.lang.management.ManagementFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A question whose simulation or answer does not fit in the heap (the launcher bounds it, {@code
 * -Xmx512m} by default): a 422, the question being too large for this service as started, whose
 * message says so and how to give the service more, rather than an anonymous server error. The simulation's tables and answer are unreachable once the error has left
 * it, so the service goes on answering.
 */
public final class HeapExhaustedMapper implements ExceptionMapper<OutOfMemoryError> {

    private static final Logger LOG = LoggerFactory.getLogger(HeapExhaustedMapper.class);

    private final long maxHeapBytes;

    public HeapExhaustedMapper() {
        this(maxHeapSize());
    }

    /** The heap's bound as -Xmx gave it (Runtime.maxMemory leaves out a survivor space). */
    private static long maxHeapSize() {
        try {
            return Long.parseLong(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("MaxHeapSize")
                    .getValue());
        } catch (RuntimeException notHotSpot) {
            return Runtime.getRuntime().maxMemory();
        }
    }

    HeapExhaustedMapper(long maxHeapBytes) {
        this.maxHeapBytes = maxHeapBytes;
    }

    @Override
    public Response toResponse(OutOfMemoryError exhausted) {
        String message = "the question needs more memory than the service's heap ("
                + maxHeapBytes / (1024 * 1024)
                + " MB) holds: ask for fewer configurations, N values, speculative retry settings or times, "
                + "or start the service with a larger heap (PBS_JAVA_OPTIONS=-Xmx2g ./pbs serve)";
        LOG.error("{} ({})", message, exhausted.toString());
        return ApiProblem.response(422, message).build();
    }
}
