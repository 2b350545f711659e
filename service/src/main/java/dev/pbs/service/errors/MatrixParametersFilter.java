package dev.pbs.service.errors;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;

/**
 * Refuses paths with matrix parameters ({@code ;name=value}). The API has none, and JAX-RS would
 * silently drop them from a path parameter: {@code PUT /profiles/a;b} would store a profile
 * named {@code a}.
 */
@PreMatching
@Priority(Priorities.AUTHENTICATION - 100)
public final class MatrixParametersFilter implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) {
        String path = request.getUriInfo().getRequestUri().getRawPath();
        if (path != null && path.contains(";")) {
            request.abortWith(ApiProblem.response(
                            400,
                            "paths cannot contain ';' (matrix parameters are not "
                                    + "supported): profile names are letters, digits, '.', '_' and '-'")
                    .build());
        }
    }
}
