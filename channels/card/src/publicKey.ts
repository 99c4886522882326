/**
 * The RSA public key card data is encrypted with (2048 bits, as modulus and exponent so that node-forge's x509
 * module stays out of the chunk). This is the sandbox's key; a deployment against a real collections API builds
 * with its own through OJA_CARD_KEY_MODULUS and OJA_CARD_KEY_EXPONENT (README Configuration).
 */
export const SANDBOX_KEY_MODULUS =
  'a1a04521ba14a597e107909f7dfc43c85843d6676e867080e304810fb6bf0cc76ad0433b56924689fc143728b887ee1c4694014abf40eb7ce9a1c9e3f6195c91dd1582b76c61af2d4c38a754ce848975532d9518b950d01031dbdcf1decafb3c280f04d72019ae9f15fdf003f4223f27d8218355e5e9d2bae5dd3a07da101816257fd0712a640ae592960c188a282ce1881bb84787785977b48381cd85c7ca7602e2381454a83aa594159f0cb1ca8155794e0ae5fb61c827874f88a58e0f1613eebba3870a9f0d982253358c5923df8310225d18cb9264ccb98c661c9388bb69fd2cfb36cb993ddfd177408cf3c778ac37d2517738843491eb9b6328153a9837';
export const SANDBOX_KEY_EXPONENT = '010001';
