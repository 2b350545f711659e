/** The OpenAPI 3 document of the REST API ({@code /api/openapi.json}) and Swagger UI ({@code /swagger/}). */
package dev.pbs.service.openapi;
