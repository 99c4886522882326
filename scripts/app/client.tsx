import { bootCheckout } from '@oja/core';
import { installed } from './installed';

bootCheckout(installed);
