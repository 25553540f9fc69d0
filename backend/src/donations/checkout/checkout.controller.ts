import { Body, Controller, HttpCode, HttpStatus, Ip, Post, UseGuards } from '@nestjs/common';
import { CheckoutRateLimitGuard } from './checkout-rate-limit.guard';
import { type CheckoutSessionCreated, CheckoutService } from './checkout.service';
import { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto';

@Controller('api')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  /** docs/product.md §7: answers `{url}` of the Stripe Checkout page; errors as `{success:false, error}`. */
  @Post('create-checkout-session')
  @HttpCode(HttpStatus.OK)
  @UseGuards(CheckoutRateLimitGuard)
  createCheckoutSession(@Body() body: CreateCheckoutSessionDto, @Ip() ip: string): Promise<CheckoutSessionCreated> {
    return this.checkout.createCheckoutSession(body, ip);
  }
}
