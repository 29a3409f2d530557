# one-variable multi-step LSTM forecast
from math import sqrt
from numpy import split
from numpy import array
from pandas import read_csv
from sklearn.metrics import mean_squared_error
from matplotlib import pyplot
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Flatten
from keras.layers import LSTM

# cut the daily series into train and test weeks
def weeks_split(values):
	# whole weeks only
	tr, te = values[1:-328], values[-328:-6]
	# reshape into weeks of 7 days
	tr = array(split(tr, len(tr)/7))
	te = array(split(te, len(te)/7))
	return tr, te

# score weekly forecasts against the truth
def score_weeks(truth, guess):
	per_day = list()
	# RMSE of each weekday
	for d in range(truth.shape[1]):
		# mean squared error
		err = mean_squared_error(truth[:, d], guess[:, d])
		# root of it
		root = sqrt(err)
		# keep
		per_day.append(root)
	# RMSE over everything
	acc = 0
	for r in range(truth.shape[0]):
		for c in range(truth.shape[1]):
			acc += (truth[r, c] - guess[r, c])**2
	overall = sqrt(acc / (truth.shape[0] * truth.shape[1]))
	return overall, per_day

# print the scores
def show_scores(tag, overall, per_day):
	txt = ', '.join(['%.1f' % v for v in per_day])
	print('%s: [%.3f] %s' % (tag, overall, txt))

# turn the history into input / output windows
def make_windows(tr, n_in, n_out=7):
	# one long series
	flat = tr.reshape((tr.shape[0]*tr.shape[1], tr.shape[2]))
	xs, ys = list(), list()
	lo = 0
	# slide one day at a time
	for _ in range(len(flat)):
		# end of the input part
		mid = lo + n_in
		hi = mid + n_out
		# only full windows
		if hi <= len(flat):
			xin = flat[lo:mid, 0]
			xin = xin.reshape((len(xin), 1))
			xs.append(xin)
			ys.append(flat[mid:hi, 0])
		# next start day
		lo += 1
	return array(xs), array(ys)

# fit the network
def fit_net(tr, n_in):
	# windows
	tr_x, tr_y = make_windows(tr, n_in)
	# settings
	verbose, epochs, batch_size = 2, 70, 16
	n_steps, n_feats, n_outs = tr_x.shape[1], tr_x.shape[2], tr_y.shape[1]
	# network
	net = Sequential()
	net.add(LSTM(200, activation='relu', input_shape=(n_steps, n_feats)))
	net.add(Dense(100, activation='relu'))
	net.add(Dense(n_outs))
	net.compile(loss='mse', optimizer='adam')
	# train
	net.fit(tr_x, tr_y, epochs=epochs, batch_size=batch_size, verbose=verbose)
	return net

# predict one week
def predict_week(net, past, n_in):
	# one long series
	flat = array(past)
	flat = flat.reshape((flat.shape[0]*flat.shape[1], flat.shape[2]))
	# the last n_in days
	xin = flat[-n_in:, 0]
	# shape [1, n_in, 1]
	xin = xin.reshape((1, len(xin), 1))
	# next week
	out = net.predict(xin, verbose=1)
	# the week vector
	out = out[0]
	return out

# walk-forward evaluation
def walk_forward(tr, te, n_in):
	# train
	net = fit_net(tr, n_in)
	# past weeks
	past = [w for w in tr]
	# one week at a time
	preds = list()
	for k in range(len(te)):
		# forecast
		wk = predict_week(net, past, n_in)
		# keep it
		preds.append(wk)
		# then reveal the true week
		past.append(te[k, :])
	# score all weeks
	preds = array(preds)
	overall, per_day = score_weeks(te[:, :, 0], preds)
	return overall, per_day

# daily totals
daily = read_csv('household_power_consumption_days.csv', header=0, infer_datetime_format=True, parse_dates=['datetime'], index_col=['datetime'])
# weeks
tr, te = weeks_split(daily.values)

n_in = 7
overall, per_day = walk_forward(tr, te, n_in)
# show
show_scores('lstm', overall, per_day)
print("=================")
print(overall)
print("=================")
print(per_day)
