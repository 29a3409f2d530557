import numpy as np

def moving_avg(x,count):
    res = []
    for i in range(count,len(x)):
        res.append(np.mean(x[i-count:i]))
    return res

def item(x):
    return x[0] if isinstance(x,(tuple,list)) else x