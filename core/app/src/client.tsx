import { bootCheckout } from '@oja/core';
import { installed } from 'oja:installed';

void bootCheckout(installed);
