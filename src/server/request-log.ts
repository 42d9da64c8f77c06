import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's own request lines (incoming, completed, 4xx answers, unknown routes) at `debug` rather than
 * `info`: a terminal at the default LOG_LEVEL=info shows the start-up, publishing, warnings and errors, and
 * LOG_LEVEL=debug adds every request. Failed requests and 5xx answers keep Fastify's error level.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) return super.defaultErrorLog(error, request, reply);
    if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, err: error }, error.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
