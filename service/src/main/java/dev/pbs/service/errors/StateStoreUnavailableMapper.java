package dev.pbs.service.errors;

import dev.pbs.service.core.StateStoreUnavailableException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** The fleet's state store cannot be reached: 503 with {@code Retry-After} and the message naming it. */
public final class StateStoreUnavailableMapper implements ExceptionMapper<StateStoreUnavailableException> {

    @Override
    public Response toResponse(StateStoreUnavailableException unreachable) {
        return ApiProblem.response(503, unreachable.getMessage())
                .header("Retry-After", StateStoreUnavailableException.RETRY_AFTER_SECONDS)
                .build();
    }
}
