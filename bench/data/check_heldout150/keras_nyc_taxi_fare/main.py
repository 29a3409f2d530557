import time 

def run() :
    import pandas as pd
    import numpy as np
    import matplotlib.pyplot as plt
    from visualization import plot_lat_long_on_map,plot_features_histograms
    from utilization import preprocessing,feature_engineering
    from utilization import predict_random,predict_airport
    from sklearn.preprocessing import scale
    from sklearn.model_selection import train_test_split
    from keras.models import Sequential
    from keras.layers import Dense
    from sklearn.metrics import mean_squared_error

    # narrow column dtypes so the read is lighter
    col_types = {'fare_amount': 'float32',
         'pickup_longitude': 'float32',
         'pickup_latitude': 'float32',
         'dropoff_longitude': 'float32',
         'dropoff_latitude': 'float32',
         'passenger_count': 'uint8'}

    # longitude window around the city
    lon_lo,lon_hi = -74.05 , -73.75
    # latitude window around the city
    lat_lo,lat_hi = 40.63 , 40.85
    bbox = (lon_lo,lon_hi,lat_lo,lat_hi )
    # coordinates of the three big airports
    hubs = {'JFK Airport': (-73.78, 40.643),
            'Laguardia Airport': (-73.87, 40.77),
           	'Newark_Airport' : (-74.18, 40.69)}
    
    rides = pd.read_csv('NYC_taxi.csv',nrows = 1_000_000,parse_dates = ['pickup_datetime'],
                    infer_datetime_format=True,dtype=col_types)
    
    # the row key duplicates the timestamp, drop it
    rides = rides.drop(['key'],axis = 'columns')

    # cleaning
    rides = preprocessing(rides,bbox)

    # optional maps of pick-up and drop-off points
    
    #plot_lat_long_on_map(rides,BB = bbox,points = 'Pickup')
    #plot_lat_long_on_map(rides,BB = bbox,points = 'Dropoff')
    
    # weekday histogram
    # plot_features_histograms(rides,"day_of_week")
    # hour histogram
    # plot_features_histograms(rides,"pickup_hour")

    # derived columns
    rides = feature_engineering(rides,hubs)

    #rides.plot.scatter('fare_amount','haversine_distance')
    #plt.xlabel("Fare ($)")
    #plt.ylabel("Distance (km)")
    #plt.title("Fare versus distance")
    #plt.show()
   
    # standardise the inputs
    rides_raw = rides.copy()
    rides_std = rides.drop(['fare_amount'],axis = 'columns')
    rides_std = scale(rides_std)
    feat_cols = list(rides.columns) ; feat_cols.remove('fare_amount')
    rides_std = pd.DataFrame(rides_std,columns = feat_cols,index = rides.index)
    rides_std = pd.concat([rides_std,rides['fare_amount']],axis = 'columns')
    rides = rides_std.copy()
    
    #print(rides.head())

    # fully connected regressor

    # inputs and the fare target
    feats = rides.loc[:,rides.columns != 'fare_amount']
    fare = rides.loc[:,'fare_amount']

    # 80 / 20 split
    feats_tr,feats_te,fare_tr,fare_te = train_test_split(feats,fare, test_size = 0.2)

    # feats_te stays a DataFrame
    
    width = 128
    net = Sequential()
    net.add(Dense(width, activation= 'relu', input_dim=feats_tr.shape[1]))
    net.add(Dense(width//2, activation= 'relu'))
    net.add(Dense(width//4, activation= 'relu'))
    net.add(Dense(width//8, activation= 'relu'))
    net.add(Dense(width//16, activation= 'relu'))
    net.add(Dense(1))
    
    net.summary()
    net.compile(loss='mse', optimizer='adam', metrics=['mse'])
    net.fit(feats_tr, fare_tr, epochs=1)

    predict_random(rides_raw, feats_te, net)
    predict_random(rides_raw, feats_te, net)
    predict_random(rides_raw, feats_te, net)
    predict_airport(rides_raw, feats_te, net)

    pred_tr = net.predict(feats_tr)
    rmse_tr = np.sqrt(mean_squared_error(fare_tr, pred_tr))

    pred_te = net.predict(feats_te)
    rmse_te = np.sqrt(mean_squared_error(fare_te, pred_te))

    print("")
    print("RMSE on train: {:0.2f}".format(rmse_tr))
    print("RMSE on test: {:0.2f}".format(rmse_te))
    print("")

if (__name__ == '__main__'):
    t0=time.time()
    run()
    print("%d" %((time.time()-t0)/60) , "minutes")
