import pandas as pd
import numpy as np
import warnings


table = pd.read_csv('./fer2013.csv')

cols, rows = 48, 48

pixel_strings = table['pixels'].tolist()

faces = []
for row_text in pixel_strings:
    vals = [int(v) for v in row_text.split(' ')]
    vals = np.asarray(vals).reshape(cols, rows)
    faces.append(vals.astype('float32'))

faces = np.asarray(faces)
faces = np.expand_dims(faces, -1)

onehot = pd.get_dummies(table['emotion']).as_matrix()

np.save('fdataX', faces)
np.save('flabels', onehot)


