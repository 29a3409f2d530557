from fpmlp import FingerprintMLP

net = FingerprintMLP()
net.load_data('training-data.pkl', 'TRIMER', ['IP (eV)', 'EA (eV)', 'Excitation Energy (eV)'], from_pkl=True)
net.fingerprint(bits=2048, rad=2, test_frac=0.5)
net.build_network(2, 256, dropout=0.5)
net.train()
y, pred, mae, rmse = net.evaluate()
