import numpy as np
import matplotlib.pyplot as plt
from datetime import datetime


def read_dataset(points=144, days=1357):  # array of days x points; the cleaned file has 1357 days of 1440 minutes
    daily = np.zeros((days, points), dtype=np.float32)
    cur_day = np.zeros(points, dtype=np.float32)
    n_days = 0
    day_labels = []
    minute = 0
    per = 1440 / points
    acc = 0  # running sum of the minutes folded into one point

    with open('./cleaned_dataset.txt', 'r') as fh:
        lines = fh.read().splitlines()
        prev_date = None

        for row in lines:
            d = row.split(';')[0]
            acc += float(row.split(';')[2])
            if prev_date != d and prev_date:
                daily[n_days] = cur_day  # store the finished day
                n_days += 1
                day_labels.append(d)
                minute = 0
                if n_days == days:
                    break

            if minute % per == 0:
                cur_day[int(minute / per)] = acc / per  # one averaged point of the day
                acc = 0
                prev_date = d
            minute += 1

    return daily, day_labels


def preprocess(daily):  # scale to about 0..1
    return daily / 12


def split_data(X, percentage=5):
    cut = int((1 - percentage / 100) * len(X))  # position of the 95% mark
    X_tr = X[:cut]

    X_te = X[cut:]

    return X_tr, X_te


if __name__ == '__main__':
    arr, labels = read_dataset(days=20)
    hours = np.linspace(0, 24, 144)

    X = preprocess(arr)

    for i, one_day in enumerate(arr):
        dd, mm, yy = labels[i].split('/')
        wd = datetime(int(yy), int(mm), int(dd)).weekday()
        names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

        plt.title(f'{labels[i]} - {names[wd]}')
        plt.plot(hours, one_day)
        plt.xlabel('hours')
        plt.ylabel('kW')

        plt.show()
