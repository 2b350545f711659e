package dev.pbs.service.errors;

import dev.pbs.service.probes.ProbeConflictException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/** A probe name taken, or a YAML probe removed through the API: 409 naming it. */
public final class ProbeConflictMapper implements ExceptionMapper<ProbeConflictException> {

    @Override
    public Response toResponse(ProbeConflictException conflict) {
        return ApiProblem.response(409, conflict.getMessage()).build();
    }
}
