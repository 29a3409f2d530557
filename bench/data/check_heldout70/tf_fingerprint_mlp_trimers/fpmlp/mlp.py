import random
import tensorflow as tf
import pandas as pd
import numpy as np
from rdkit import Chem
from rdkit.Chem import AllChem
from sklearn.model_selection import train_test_split

class FingerprintMLP:
    '''Build, fit and score feed-forward networks on molecular fingerprints.

    Properties of molecules are regressed directly from their SMILES
    strings through Morgan fingerprints.

    Methods:
        load_data:
            read a table of SMILES and target columns

        fingerprint:
            turn SMILES into fixed-length bit vectors and
            optionally hold out a test part

        build_network:
            assemble the dense network

        train:
            fit the network on one or several targets

        evaluate:
            score the network on the held-out part

        hyperparam_opt_random:
            random search over hyper-parameters

    '''

    def __init__(self, name='mlp'):
        ''' Create an empty wrapper

        Arguments:
            name (`str`, optional)
                label of this instance
        '''
        self.name = name


    def load_data(self,
                  filepath,
                  smiles_col,
                  y_cols,
                  sep=',',
                  from_pkl=False):
        '''Read the training table

        Arguments:
            filepath (`str`):
                file holding the table

            smiles_col (`str`):
                column with the SMILES strings

            y_cols (`list` of `str`):
                columns with the targets

            sep (`str`, optional):
                field separator of the text file

            from_pkl (`bool`, optional):
                read a pickled DataFrame instead of text
        '''

        if from_pkl:
            self.data = pd.read_pickle(filepath)

        else:
            self.data = pd.read_csv(filepath, sep=sep)

        self.smiles = self.data[smiles_col]
        self.y = np.column_stack((self.data[c].values for c in y_cols))
        self.n_output = len(y_cols)


    def load_model(self, path):
        '''Restore a network from an HDF5 file

        Arguments:
            path (`str`):
                location of the .h5 file
        '''
        self.model = tf.keras.models.load_model(path, compile=False)


    def save_model(self, path):
        '''Write the network to an HDF5 file

        Arguments:
            path (`str`):
                destination of the .h5 file
        '''
        tf.keras.models.save_model(self.model, path)


    def fingerprint(self, bits=512, rad=2, test_frac=None):
        '''Compute Morgan fingerprints for every SMILES

        Arguments:
            bits (`int`, optional):
                length of the bit vector, which is also the
                input width of the network
                

            rad (`int`, optional):
                largest fragment radius used by the
                Morgan algorithm

            test_frac (`float`, optional):
                share of molecules held out for scoring;
                None keeps everything for training
        '''
        def morgan(smi, rad, bits):
            mol = Chem.MolFromSmiles(smi)
            fp = AllChem.GetMorganFingerprintAsBitVect(mol, rad, nBits=bits)
            return np.array(fp)

        feats = np.zeros((len(self.smiles), bits))
        for k, smi in enumerate(self.smiles):
            feats[k] = morgan(smi, rad, bits)

        if test_frac is not None:
            self.x_train, self.x_test, self.y_train, self.y_test = train_test_split(feats, self.y, test_size=test_frac)
        else:
            self.x_train = feats
            self.y_train= self.y


    def build_network(self,
                      n_layers,
                      n_neurons,
                      activation='relu',
                      dropout=None,
                      input_dropout=None):
        '''Assemble the network

        Arguments:
            n_layers (`int`):
                number of hidden layers

            n_neurons (`int`):
                width of every hidden layer

            activation (`str`, optional):
                activation of all layers, 'relu' by default

            dropout (`float`, optional):
                dropout after each hidden layer; None
                means no dropout

            input_dropout (`float`, optional):
                dropout on the input; None means
                no dropout
        '''
        tf.keras.backend.clear_session()

        if activation == 'relu':
            act = tf.nn.relu
        if activation == 'linear':
            act = tf.nn.linear

        stack = []
        if input_dropout is not None:
            stack.append(tf.keras.layers.Dropout(input_dropout))
        for i in range(0, n_layers):
                stack.append(tf.keras.layers.Dense(n_neurons, activation=act))
                if dropout is not None:
                    stack.append(tf.keras.layers.Dropout(dropout))
        stack.append(tf.keras.layers.Dense(self.n_output, activation=act))
        self.model = tf.keras.Sequential(stack)


    def train(self,
              epochs=10,
              batch_size=50,
              loss='mean_absolute_error',
              optimizer='adam',
              learning_rate=0.001,
              decay=0.0,
              validation_split=0.0):
        '''Fit the network

         Arguments:
             epochs (`int`, optional):
                passes over the training data, 10 by default

             batch_size (`int`, optional):
                samples per update, 50 by default

             loss (`str`, optional):
                Keras loss name, mean absolute error by
                default

             optimizer (`str`, optional):
                'sgd' or 'adam'
                

             learning_rate (`float`, optional):
                step size of the optimiser, 0.001 by
                default

             decay (`float`, optional):
                per-update learning-rate decay,
                0.0 by default
        '''
        if optimizer == 'sgd':
            optimizer = tf.keras.optimizers.SGD(lr=learning_rate, decay=decay)
        elif optimizer == 'adam':
            optimizer = tf.keras.optimizers.Adam(lr=learning_rate, decay=decay)

        self.model.compile(optimizer=optimizer, loss=loss)
        self.model.fit(self.x_train, self.y_train, epochs=epochs,
                        validation_split=validation_split, verbose=1)
        #self.model.summary()


    def evaluate(self, silent=False):
        '''Score the network on the held-out molecules

        Returns:
            y (`array`):
                held-out targets

            pred (`array`):
                network predictions for them

            mae (`float`):
                mean absolute error

            rmse (`float`):
                root mean squared error

        '''

        pred = self.model.predict(self.x_test)
        mae = np.mean(np.abs(self.y_test - pred))
        rmse = np.sqrt(np.mean(((self.y_test - pred)**2)))

        report = '\nHeld-out scores\n'
        report += '---------------\n'
        report += 'MAE : {:.4}\n'.format(mae)
        report += 'RMSE : {:.4}\n'.format(rmse)

        if not silent:
            print(report)

        return self.y_test, pred, mae, rmse


    def hyperparam_opt_random(self, search_space, iterations, epochs=10):
        '''Random search over hyper-parameters

        search_space (`dict`):
            maps a hyper-parameter name to the list of
            values it may take. Names understood:
            'n_layers', 'n_neurons', 'dropout',
            'input_dropout', 'activation', 'batch_size', 'optimizer',
            'loss', 'learning_rate' and 'decay'.

        iterations (`int`):
            number of random draws,
            each a fresh network

        epochs (`int`, optional):
            training epochs for every draw
            
        '''

        p = {'n_layers': 2,
             'n_neurons': 256,
             'dropout': 0.0,
             'input_dropout': 0.0,
             'activation': 'relu',
             'batch_size': 32,
             'optimizer': 'adam',
             'loss': 'mean_absolute_error',
             'learning_rate': 0.01,
             'decay': 0.00}

        best_err = 10**10
        for i in range(iterations):
            for key, options in search_space.items():
                pick = random.choice(options)
                p[key] = pick

            self.build_network(n_layers=p['n_layers'],
                               n_neurons=p['n_neurons'],
                               dropout=p['dropout'],
                               input_dropout=p['input_dropout'],
                               activation=p['activation'])

            self.train(epochs=epochs,
                       batch_size=p['batch_size'],
                       optimizer=p['optimizer'],
                       loss=p['loss'],
                       learning_rate=p['learning_rate'],
                       decay=p['decay'],
                       )

            y, pred, mae, err = self.evaluate(silent=True)

            line = 'draw : {:03}, RMSE: {:.4f}\n'.format(i, err)
            line += ''.join(['{} : {} \n'.format(key, value) for key, value in p.items()])
            print(line)

            if err < best_err:
                best_err = err
                p_best = p
                best_net = self.model

        self.model = best_net
        report = '\nBest draw, RMSE = {:.4f}\n'.format(best_err)
        report += '-----------------\n'
        for key, value in p_best.items():
            report += ('{} : {} \n'.format(key, value))
        print(report)
