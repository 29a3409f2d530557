import numpy as np

def preprocessing(frame,bbox,fare_lo = 2.5,fare_hi = 100.0,max_pax = 8):

    frame = frame.dropna()
    # drop implausible fares
    frame = frame[ (frame['fare_amount'] > fare_lo) & 
                    (frame['fare_amount'] <= fare_hi) ]

    # drop implausible passenger counts 
    frame = frame[ (frame['passenger_count'] < max_pax) ]
    frame.loc[ frame['passenger_count'] == 0 , 'passenger_count'] = 1

    # keep only points inside the box

    for lon_col in ['pickup_longitude', 'dropoff_longitude']:
        frame = frame[(frame[lon_col] > bbox[0]) & 
                        (frame[lon_col] < bbox[1])]
    for lat_col in ['pickup_latitude', 'dropoff_latitude']:
        frame = frame[(frame[lat_col] > bbox[2]) & 
                        (frame[lat_col] <bbox[3])] 
    
    return frame

def feature_engineering(frame,hubs):

    # great-circle helpers

    def great_circle(p1,m1,p2,m2):
        earth_r = 6371 # km 
        # degrees to radians
        p1_r = p1 * np.pi / 180 ; p2_r = p2 * np.pi / 180
        m1_r = m1 * np.pi / 180 ; m2_r = m2 * np.pi / 180 

        hav_p = ( 1-np.cos(p2_r - p1_r) )/2 
        hav_m = ( 1-np.cos(m2_r - m1_r) )/2
        hav =  hav_p + np.cos(p1_r)*np.cos(p2_r)*hav_m
        dist = 2 * earth_r * np.arcsin(np.sqrt(hav))
        return dist

    # split the timestamp into parts
    frame['year'] = (frame['pickup_datetime'].dt.year).astype('uint16')
    frame['month'] = (frame['pickup_datetime'].dt.month).astype('uint8')
    frame['day'] = (frame['pickup_datetime'].dt.day).astype('uint8')
    frame['day_of_week'] = (frame['pickup_datetime'].dt.dayofweek).astype('uint8')
    frame['hour'] = (frame['pickup_datetime'].dt.hour).astype('uint8')

    frame = frame.drop(['pickup_datetime'],axis = 'columns')

    # trip length
    frame['haversine_distance'] = great_circle(frame['pickup_latitude'],frame['pickup_longitude'],
                                     frame['dropoff_latitude'],frame['dropoff_longitude'])

    frame = frame[ frame['haversine_distance'] > 0.0]

    for name in hubs:
        frame['haversine_pickup_distance_'+name] = great_circle(frame['pickup_latitude'],
                                        frame['pickup_longitude'],hubs[name][1],
                                        hubs[name][0])
        frame['haversine_dropoff_distance_'+name] = great_circle(frame['dropoff_latitude'],
                                        frame['dropoff_longitude'],hubs[name][1],
                                        hubs[name][0])

    return frame
   
def predict_random(frame_raw, feats_te, net):
        one = feats_te.sample(n=1,random_state = np.random.randint(low = 0, high = 300_000))
        row = one.index[0]
        true_fare = frame_raw.loc[row,'fare_amount']
        weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday',
                        'Saturday', 'Sunday']
        weekday = weekdays[frame_raw.loc[row,'day_of_week']]
        hr = frame_raw.loc[row,'hour']
        guess = net.predict(one)[0][0]
        err = np.sqrt(np.square(guess-true_fare))
        
        print("Ride: {}, {}:00".format(weekday, hr))
        print("True fare: ${:0.2f}".format(true_fare))
        print("Model fare: ${:0.2f}".format(guess))
        print("Error: ${:0.2f}".format(err))
        print(" ")
        

def predict_airport(frame_raw,feats_te,net):
    import pandas as pd

    flat = frame_raw.loc[frame_raw['fare_amount'] == 52.00]
    rows = flat.index.tolist()
    test_rows = feats_te.index.tolist()
    pick = None
    for r in rows: 
        if r in test_rows: 
            pick = r
            break
    true_fare = frame_raw.loc[pick,'fare_amount']
    weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday',
                        'Saturday', 'Sunday']
    weekday = weekdays[frame_raw.loc[pick,'day_of_week']]
    hr = frame_raw.loc[pick,'hour']
    one = (feats_te.iloc[pick]).to_frame().T 
    guess = net.predict(one)[0][0]    
    err = np.sqrt(np.square(guess-true_fare))

    print("Ride: {}, {}:00".format(weekday, hr))
    print("True fare: ${:0.2f}".format(true_fare))
    print("Model fare: ${:0.2f}".format(guess))
    print("Error: ${:0.2f}".format(err))
    print(" ")
    
