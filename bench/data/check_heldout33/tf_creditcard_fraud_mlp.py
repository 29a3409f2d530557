
import pandas as pd
import numpy as np
import keras
from sklearn.preprocessing import StandardScaler

# Keras parts
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Dropout


import matplotlib.pyplot as plt
import itertools

from sklearn import svm, datasets
from sklearn.metrics import confusion_matrix

np.random.seed(2)

# quick look at the table

card_df = pd.read_csv('creditcard.csv')
card_df.head()

# preparation

# scale the transaction amount into a new column
card_df['normalizedAmount'] = StandardScaler().fit_transform(card_df['Amount'].values.reshape(-1,1))

# the raw amount is no longer needed
card_df = card_df.drop(['Amount'],axis=1)

# check the columns
card_df.head()


card_df = card_df.drop(['Time'],axis=1)
card_df.head()

X = card_df.iloc[:, card_df.columns != 'Class']
y = card_df.iloc[:, card_df.columns == 'Class']

y.head()

from sklearn.model_selection import train_test_split
train_X, test_X, train_y, test_y = train_test_split(X,y, test_size = 0.3, random_state=0)

train_X.shape
test_X.shape

train_X = np.array(train_X)
test_X = np.array(test_X)
train_y = np.array(train_y)
test_y = np.array(test_y)

# small dense network

model = Sequential([
    Dense(units=16, input_dim = 29,activation='relu'),
    Dense(units=24,activation='relu'),
    Dropout(0.5),
    Dense(20,activation='relu'),
    Dense(24,activation='relu'),
    Dense(1,activation='sigmoid'),
])


model.summary()

# fit on the full (imbalanced) table
model.compile(optimizer='adam',loss='binary_crossentropy',metrics=['accuracy'])
model.fit(train_X,train_y,batch_size=15,epochs=5)

test_score = model.evaluate(test_X, test_y)
print(test_score)


def draw_confusion(conf_mat, class_names,
                          as_share=False,
                          fig_title='class confusion',
                          colour_map=plt.cm.Blues):
    """
    Show a confusion matrix as a heat map,
    optionally as row shares (as_share=True).
    """
    if as_share:
        conf_mat = conf_mat.astype('float') / conf_mat.sum(axis=1)[:, np.newaxis]
        print("confusion matrix as row shares")
    else:
        print('confusion matrix as counts')

    print(conf_mat)

    plt.imshow(conf_mat, interpolation='nearest', cmap=colour_map)
    plt.title(fig_title)
    plt.colorbar()
    ticks_at = np.arange(len(class_names))
    plt.xticks(ticks_at, class_names, rotation=45)
    plt.yticks(ticks_at, class_names)

    num_fmt = '.2f' if as_share else 'd'
    half_max = conf_mat.max() / 2.
    for i, j in itertools.product(range(conf_mat.shape[0]), range(conf_mat.shape[1])):
        plt.text(j, i, format(conf_mat[i, j], num_fmt),
                 horizontalalignment="center",
                 color="white" if conf_mat[i, j] > half_max else "black")

    plt.ylabel('actual class')
    plt.xlabel('predicted class')
    plt.tight_layout()


pred_y = model.predict(test_X)
test_y = pd.DataFrame(test_y)

conf_counts = confusion_matrix(test_y, pred_y.round())

print(conf_counts)
draw_confusion(conf_counts, class_names=[0,1])

plt.show()

pred_y = model.predict(X)
expected_y = pd.DataFrame(y)
conf_counts = confusion_matrix(expected_y, pred_y.round())
draw_confusion(conf_counts,class_names=[0,1])
plt.show()

# balanced subset by undersampling the normal class

fraud_rows = np.array(card_df[card_df.Class == 1].index)
n_fraud = len(fraud_rows)
print(n_fraud)

normal_rows = card_df[card_df.Class == 0].index

picked_normal_rows = np.random.choice(normal_rows, n_fraud, replace=False)
picked_normal_rows = np.array(picked_normal_rows)
print(len(picked_normal_rows))

balanced_rows = np.concatenate([fraud_rows,picked_normal_rows])
print(len(balanced_rows))

balanced_df = card_df.iloc[balanced_rows,:]

X_balanced = balanced_df.iloc[:,balanced_df.columns != 'Class']
y_balanced = balanced_df.iloc[:,balanced_df.columns == 'Class']

train_X, test_X, train_y, test_y = train_test_split(X_balanced,y_balanced, test_size=0.3)

train_X = np.array(train_X)
test_X = np.array(test_X)
train_y = np.array(train_y)
test_y = np.array(test_y)

model.summary()

model.compile(optimizer='adam',loss='binary_crossentropy',metrics=['accuracy'])
model.fit(train_X,train_y,batch_size=15,epochs=5)

pred_y = model.predict(test_X)
expected_y = pd.DataFrame(test_y)
conf_counts = confusion_matrix(expected_y, pred_y.round())
draw_confusion(conf_counts, class_names=[0,1])
plt.show()

pred_y = model.predict(X)
expected_y = pd.DataFrame(y)
conf_counts = confusion_matrix(expected_y, pred_y.round())
draw_confusion(conf_counts, class_names=[0,1])
plt.show()

# (needs imbalanced-learn installed)
#


# oversampling the fraud class with SMOTE

from imblearn.over_sampling import SMOTE

X_smote, y_smote = SMOTE().fit_sample(X,y.values.ravel())

y_smote = pd.DataFrame(y_smote)
X_smote = pd.DataFrame(X_smote)

train_X, test_X, train_y, test_y = train_test_split(X_smote,y_smote,test_size=0.3)

train_X = np.array(train_X)
test_X = np.array(test_X)
train_y = np.array(train_y)
test_y = np.array(test_y)


model.compile(optimizer='adam',loss='binary_crossentropy',metrics=['accuracy'])
model.fit(train_X,train_y,batch_size=15,epochs=5)

pred_y = model.predict(test_X)
expected_y = pd.DataFrame(test_y)
conf_counts = confusion_matrix(expected_y, pred_y.round())
draw_confusion(conf_counts, class_names=[0,1])
plt.show()

pred_y = model.predict(X)
expected_y = pd.DataFrame(y)
conf_counts = confusion_matrix(expected_y, pred_y.round())
draw_confusion(conf_counts, class_names=[0,1])
plt.show()