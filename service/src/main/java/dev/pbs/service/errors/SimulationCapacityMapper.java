package dev.pbs.service.errors;

import dev.pbs.service.core.SimulationCapacityException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** No room for another simulation: 503 with {@code Retry-After}, never an unbounded queue. */
public final class SimulationCapacityMapper implements ExceptionMapper<SimulationCapacityException> {

    @Override
    public Response toResponse(SimulationCapacityException busy) {
        return ApiProblem.response(503, busy.getMessage())
                .header("Retry-After", busy.retryAfterSeconds())
                .build();
    }
}
