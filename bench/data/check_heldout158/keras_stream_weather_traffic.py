from utils import *
from network_traffic import *
from network_weather import *
import pandas as pd
import sys
import json

def train(network_type, batch, epo):
    while True:
        jsonString = sys.stdin.readline()
        dict = json.loads(jsonString)

        x_train = np.array(dict['x_train'])
        x_val = np.array(dict['x_val'])
        x_test = np.array(dict['x_test'])
        y_train = np.array(dict['y_train'])
        y_val = np.array(dict['y_val'])
        y_test = np.array(dict['y_test'])

        if network_type == 'traffic':
            model = network_traffic()
        elif network_type == 'weather':
            model = network_weather(x_train)
        else:
            print('Invalid network type -- ' + network_type)

        history = model.fit(x = x_train, y = y_train, validation_data = (x_val, y_val),
                         batch_size=int(batch),
                          epochs=int(epo))
        # score on the validation part of this chunk
        if network_type == 'traffic':
            _,acc = model.evaluate(x_val, y_val)
            print('The accuracy on the validation data is {}%.'.format(acc*100))
        elif network_type == 'weather':
            loss = model.evaluate(x_val, y_val)
            print('The accuracy on the validation data is {}%.'.format((1-loss)*100))
        else:
            print('Invalid network type -- ' + network_type)
        # overwrite the saved model with this chunk's model
        model.save('model1_10epoch.h5')

if __name__ == '__main__':
    # argv[1]: 'traffic' or 'weather' (which project to run)
    network_type = sys.argv[1]
    # argv[2]: batch size, e.g. 64
    batch = sys.argv[2]
    # argv[3]: number of epochs, e.g. 10
    epo = sys.argv[3]
    train(network_type, batch, epo)
