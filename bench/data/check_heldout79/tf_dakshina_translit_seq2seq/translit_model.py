#!/usr/bin/env python
# -*- coding: utf-8 -*-
import numpy as np
import keras as ke
import wandb
from wandb.keras import WandbCallback
import pandas as pd
import difflib 
import matplotlib
import matplotlib.pyplot as plt
from tensorflow.python.keras.layers import Layer as kerasLayers
import json
import seaborn as sn 
import pandas as pd 

class AdditiveAttention(kerasLayers):  #additive (Bahdanau-style) attention
    def __init__(self):
        super(AdditiveAttention, self).__init__()

    def build(self, input_shape):
        self.w_a = self.add_weight(
                        shape=(input_shape[0][2],input_shape[0][2]), 
                        initializer="normal",
                        trainable=True,
                        name="w_a"
                    )
        self.u_a = self.add_weight(
                        shape=(input_shape[1][2],input_shape[1][2]), 
                        initializer="normal",
                        trainable=True,
                        name="u_a"
                    )
        self.v_a = self.add_weight(
                        shape=(input_shape[0][2],1), 
                        initializer="normal",
                        trainable=True,
                        name="v_a"
                    )
        super(AdditiveAttention, self).build(input_shape)

    def call(self, x):
        decOuts, encOuts = x 

        initC = ke.backend.sum(encOuts, axis=1)
        initE = ke.backend.sum(encOuts, axis=2)

        def scoreStep(inputs, states):
            encLen = encOuts.shape[1]
            encUnits = encOuts.shape[2]

            ws = ke.backend.dot(encOuts, self.w_a)

            uh = ke.backend.expand_dims(ke.backend.dot(inputs, self.u_a), 1)

            summed = ke.backend.tanh(ws + uh)

            e_i = ke.backend.squeeze(ke.backend.dot(summed, self.v_a), axis=-1)

            e_i = ke.backend.softmax(e_i)

            return e_i, [e_i]

        def contextStep(inputs, states):
            c_i = ke.backend.sum(encOuts * ke.backend.expand_dims(inputs, -1), axis=1)

            return c_i, [c_i]

        lastOut, scores, _ = ke.backend.rnn(
            scoreStep, decOuts, [initE]
        )

        lastOut, contexts, _ = ke.backend.rnn(
            contextStep, scores, [initC] 
        )

        return contexts, scores

class TranslitNet:
    def __init__(self, nSrc, nTgt, embedDim, cellType, encLayers, decLayers, units, dropout, addAttention = False, loadModel = False, activationFn = "tanh", recurrentActivationFn = "sigmoid", batchSize = 64, epochs = 10, validationSplit = 0.2):
        self.nSrc = nSrc 
        self.nTgt = nTgt 
        self.embedDim = embedDim
        self.encCell = cellType
        self.encLayers = encLayers
        self.encUnits = units
        self.decCell = cellType
        self.decLayers = decLayers
        self.decUnits = units
        self.dropout = dropout
        self.addAttention = addAttention
        self.loadModel = loadModel
        self.activationFn = activationFn
        self.recurrentActivationFn = recurrentActivationFn
        self.batchSize = batchSize
        self.epochs = epochs
        self.validationSplit = validationSplit
        self.encoder_model = None
        self.decoder_model = None
        if  addAttention:           #attention is only wired for one encoder and one decoder layer
            self.encLayers = 1 
            self.decLayers = 1
            self.predFilePath = "./predictions_attention.txt"
        else: 
            self.predFilePath = "./predictions_vanilla.txt"


    def buildModel(self, encInData, decInData, decOutData):
        encTokens = ke.layers.Input(shape=(None,))
        encEmbedded = ke.layers.Embedding(input_dim=self.nSrc+1, output_dim=self.embedDim)(
            encTokens
        )
        hStates, cStates = [], []
        if self.encCell == "lstm":
            encSeq, h, c = ke.layers.LSTM(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn, recurrent_activation=self.recurrentActivationFn)(
                encEmbedded
            )
            hStates.append(h)
            cStates.append(c)
            for i in range(1, self.encLayers):
                encSeq, h, c = ke.layers.LSTM(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn, recurrent_activation=self.recurrentActivationFn)(
                    encSeq
                )
                hStates.append(h)
                cStates.append(c)
        elif self.encCell == "gru":
            encSeq, st = ke.layers.GRU(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn)(
                encEmbedded
            )
            hStates.append(st)
            for i in range(1, self.encLayers):
                encSeq, st = ke.layers.GRU(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn)(
                    encSeq
                )  
                hStates.append(st)
        elif self.encCell == "rnn":      
            encSeq, st = ke.layers.SimpleRNN(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn)(
                encEmbedded
            )
            hStates.append(st)
            for i in range(1, self.encLayers):
                encSeq, st = ke.layers.SimpleRNN(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn)(
                    encSeq
                )  
                hStates.append(st)
        else:
            print(f"Unknown encoder cell {self.encCell}")
            exit(0)

        decTokens = ke.layers.Input(shape=(None,))
        decEmbedded = ke.layers.Embedding(input_dim=self.nTgt+1, output_dim=self.embedDim)(
            decTokens
        )
        if self.decCell == "lstm":
            decSeq, h, c = ke.layers.LSTM(self.decUnits, return_sequences=True, return_state=True, dropout = self.dropout, activation=self.activationFn, recurrent_activation=self.recurrentActivationFn)(
                decEmbedded, initial_state=[hStates[0], cStates[0]]
            )
            for i in range(1, self.decLayers):
                decSeq, h, c = ke.layers.LSTM(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn, recurrent_activation=self.recurrentActivationFn)(
                    decSeq, initial_state=[hStates[i], cStates[i]]
                )
        elif self.decCell == "gru":
            decSeq, st = ke.layers.GRU(self.decUnits, return_sequences=True, return_state=True, dropout = self.dropout, activation=self.activationFn)(
                decEmbedded, initial_state=[hStates[0]]
            )
            for i in range(1, self.decLayers):
                decSeq, h = ke.layers.GRU(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn)(
                    decSeq, initial_state=[hStates[i]]
                )  
        elif self.decCell == "rnn":
            decSeq, st = ke.layers.SimpleRNN(self.decUnits, return_sequences=True, return_state=True, dropout = self.dropout, activation=self.activationFn)(
                decEmbedded, initial_state=[hStates[0]]
            )
            for i in range(1, self.decLayers):
                decSeq, h = ke.layers.SimpleRNN(self.encUnits, return_state=True, return_sequences=True, dropout = self.dropout, activation=self.activationFn)(
                    decSeq, initial_state=[hStates[i]]
                )  
        else:
            print(f"Unknown decoder cell {self.encCell}")
            exit(0)
        if self.addAttention:
            # attnSeq = ke.layers.Attention(name='attention_vec')([decSeq, encSeq])
            attnSeq, attnScores = AdditiveAttention()([decSeq, encSeq])
            joined = ke.layers.Concatenate(axis=-1)(
                [decSeq, attnSeq]
            )
        projection = ke.layers.Dense(self.nTgt, activation="softmax")
        if self.addAttention:
            decSeq = ke.layers.TimeDistributed(projection, name='decoder_vec')(
                joined
            )
        else:
            decSeq = projection(
                decSeq
            )

        if self.addAttention:
            self.model = ke.Model([encTokens, decTokens], [decSeq, attnSeq])
        else:
            self.model = ke.Model([encTokens, decTokens], decSeq)

        print(self.model.summary())

        if self.addAttention:
            savePath = './best_attn_model_acc'
            savePathAcc = './best_attn_model_acc'
            savePathLoss = './best_attn_model_loss'
            keepBestAcc = ke.callbacks.ModelCheckpoint(savePathAcc, save_weights_only=False, name="val_categorical_accuracy", monitor='val_decoder_vec_categorical_accuracy', verbose=1, save_best_only=True, mode='max')
            keepBestLoss = ke.callbacks.ModelCheckpoint(savePathLoss, save_weights_only=False, name="val_loss", monitor='val_decoder_vec_loss', verbose=1, save_best_only=True, mode='min')
        else:
            savePath = './best_model_acc'
            savePathAcc = './best_model_acc'
            savePathLoss = './best_model_loss'
            keepBestAcc = ke.callbacks.ModelCheckpoint(savePathAcc, save_weights_only=False, monitor='val_categorical_accuracy', verbose=1, save_best_only=True, mode='max')
            keepBestLoss = ke.callbacks.ModelCheckpoint(savePathLoss, save_weights_only=False, monitor='val_loss', verbose=1, save_best_only=True, mode='min')
        
        #resume from a saved model; whoever runs this must make sure the saved
        #architecture matches the one just built
        if self.loadModel:
            self.model = ke.models.load_model(savePath, compile = True)

        callbackList = [WandbCallback(), keepBestAcc, keepBestLoss]

        if self.addAttention:
            self.model.compile(
                optimizer="rmsprop", 
                loss={"decoder_vec": ke.losses.CategoricalCrossentropy()},
                metrics={"decoder_vec": ke.metrics.CategoricalAccuracy()},
            )
            self.model.fit(
                [encInData, decInData],
                [decOutData,decOutData],
                batch_size = self.batchSize,
                epochs = self.epochs, 
                validation_split = self.validationSplit,
                callbacks=callbackList     
            )
        else:
            self.model.compile(
                optimizer="rmsprop", 
                loss=ke.losses.CategoricalCrossentropy(),
                metrics=[ke.metrics.CategoricalAccuracy()],
            )
            self.model.fit(
                [encInData, decInData],
                decOutData,
                batch_size = self.batchSize,
                epochs = self.epochs, 
                validation_split = self.validationSplit,
                callbacks=callbackList     
            )
        if not self.loadModel:
            ke.models.save_model(self.model, savePath)

    # (inference, test-set scoring and attention plots follow in the original
    #  module; train.py does not call them and they are not reproduced here)
