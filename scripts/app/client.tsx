import { bootCheckout } from '@oja/core';
import { installed } from './installed';

void bootCheckout(installed);
