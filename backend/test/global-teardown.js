// Nothing global to stop: every test file closes its own stack. Kept so jest reports open handles clearly.
module.exports = async () => {};
