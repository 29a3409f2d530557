import pandas as pd
import numpy as np
from sklearn.preprocessing import MinMaxScaler

def prepare_item_table(raw_csv, auction_csv, wholesale_csv, item_name, scaler=None):
    raw_table = pd.read_csv(raw_csv)
    auction_table = pd.read_csv(auction_csv)
    wholesale_table = pd.read_csv(wholesale_csv)

    # per-item filters for the target rows and the two meta tables
    item_filters = {
    '감자': {
        'target': lambda df: (df['품종명'] == '감자 수미') & (df['거래단위'] == '20키로상자') & (df['등급'] == '상'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['감자'], '품종명': ['수미'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['감자'], '품종명': ['수미']}
    },
    '건고추': {
        'target': lambda df: (df['품종명'] == '화건') & (df['거래단위'] == '30 kg') & (df['등급'] == '상품'),
        '공판장': None, 
        '도매': None  
    },
    '깐마늘(국산)': {
        'target': lambda df: (df['거래단위'] == '20 kg') & (df['등급'] == '상품'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['마늘'], '품종명': ['깐마늘'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['마늘'], '품종명': ['깐마늘']}
    },
    '대파': {
        'target': lambda df: (df['품종명'] == '대파(일반)') & (df['거래단위'] == '1키로단') & (df['등급'] == '상'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['대파'], '품종명': ['대파(일반)'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['대파'], '품종명': ['대파(일반)']}
    },
    '무': {
        'target': lambda df: (df['거래단위'] == '20키로상자') & (df['등급'] == '상'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['무'], '품종명': ['기타무'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['무'], '품종명': ['무']}
    },
    '배추': {
        'target': lambda df: (df['거래단위'] == '10키로망대') & (df['등급'] == '상'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['배추'], '품종명': ['쌈배추'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['배추'], '품종명': ['배추']}
    },
    '사과': {
        'target': lambda df: (df['품종명'].isin(['홍로', '후지'])) & (df['거래단위'] == '10 개') & (df['등급'] == '상품'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['사과'], '품종명': ['후지'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['사과'], '품종명': ['후지']}
    },
    '상추': {
        'target': lambda df: (df['품종명'] == '청') & (df['거래단위'] == '100 g') & (df['등급'] == '상품'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['상추'], '품종명': ['청상추'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['상추'], '품종명': ['청상추']}
    },
    '양파': {
        'target': lambda df: (df['품종명'] == '양파') & (df['거래단위'] == '1키로') & (df['등급'] == '상'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['양파'], '품종명': ['기타양파'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['양파'], '품종명': ['양파(일반)']}
    },
    '배': {
        'target': lambda df: (df['품종명'] == '신고') & (df['거래단위'] == '10 개') & (df['등급'] == '상품'),
        '공판장': {'공판장명': ['*전국농협공판장'], '품목명': ['배'], '품종명': ['신고'], '등급명': ['상']},
        '도매': {'시장명': ['*전국도매시장'], '품목명': ['배'], '품종명': ['신고']}
    }
    }

    # keep the target variety/unit/grade
    item_rows = raw_table[raw_table['품목명'] == item_name]
    target_mask = item_filters[item_name]['target'](item_rows)
    item_data = item_rows[target_mask]

    # other varieties become extra price columns
    other_rows = item_rows[~target_mask]
    variant_keys = other_rows[['품종명', '거래단위', '등급']].drop_duplicates()
    for _, key_row in variant_keys.iterrows():
        variety, unit, grade = key_row['품종명'], key_row['거래단위'], key_row['등급']
        variant_mask = (other_rows['품종명'] == variety) & (other_rows['거래단위'] == unit) & (other_rows['등급'] == grade)
        variant_rows = other_rows[variant_mask]
        for price_col in ['평년 평균가격(원)', '평균가격(원)']:
            derived_col = f'{variety}_{unit}_{grade}_{price_col}'
            item_data = item_data.merge(variant_rows[['시점', price_col]], on='시점', how='left', suffixes=('', f'_{derived_col}'))
            item_data.rename(columns={f'{price_col}_{derived_col}': derived_col}, inplace=True)


    # join the auction-house table
    if item_filters[item_name]['공판장']:
        auction_rows = auction_table
        for field, allowed in item_filters[item_name]['공판장'].items():
            auction_rows = auction_rows[auction_rows[field].isin(allowed)]
        
        auction_rows = auction_rows.add_prefix('공판장_').rename(columns={'공판장_시점': '시점'})
        item_data = item_data.merge(auction_rows, on='시점', how='left')

    # join the wholesale table
    if item_filters[item_name]['도매']:
        wholesale_rows = wholesale_table
        for field, allowed in item_filters[item_name]['도매'].items():
            wholesale_rows = wholesale_rows[wholesale_rows[field].isin(allowed)]
        
        wholesale_rows = wholesale_rows.add_prefix('도매_').rename(columns={'도매_시점': '시점'})
        item_data = item_data.merge(wholesale_rows, on='시점', how='left')

    # numeric columns only, NaN -> 0
    numeric_columns = item_data.select_dtypes(include=[np.number]).columns
    item_data = item_data[['시점'] + list(numeric_columns)]
    item_data[numeric_columns] = item_data[numeric_columns].fillna(0)

    # min-max scaling
    if scaler is None:
        scaler = MinMaxScaler()
        item_data[numeric_columns] = scaler.fit_transform(item_data[numeric_columns])
    else:
        item_data[numeric_columns] = scaler.transform(item_data[numeric_columns])

    return item_data, scaler
